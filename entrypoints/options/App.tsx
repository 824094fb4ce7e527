import { ApiKeyForm } from '@/components/ApiKeyForm';
import { PageConnectionForm } from '@/components/ConnectionForm';
import { FeatureAccess } from '@/components/FeatureAccess';
import { SessionSummary } from '@/components/SessionSummary';
import { SetupLeft } from '@/components/SetupLeft';
import { FindYourName } from '@/components/FindYourName';
import { StaffPicker } from '@/components/StaffPicker';
import { UnsentWrites } from '@/components/UnsentWrites';
import { BudgetUse } from '@/components/budget/BudgetUse';
import { DailyLimitNotice } from '@/components/budget/DailyLimitNotice';
import { nextUtcMidnight } from '@/lib/api/daily-use';
import type { BudgetModel } from './budget-model';
import { BrandMark } from '@/components/design/Brand';
import { Loading } from '@/components/design/Loading';
import { Notice } from '@/components/design/Notice';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import { InfoIcon } from '@/components/icons/info';
import { SignInButton } from '@/components/onboarding/SignInButton';
import { ACTIVATE_STEP, addonOff, NotTurnedOn, PAIRING_PATH } from '@/components/onboarding/PlatformSaysWho';
import { SignOutIcon } from '@/components/icons/sign-out';
import { canUse } from '@/lib/auth/scopes';
import { administersAccount } from '@/lib/messaging/administers-account';
import { setupLeft } from '@/lib/onboarding/setup-left';
import type { OptionsModel } from './model';
import { openFirstRunPage } from '@/lib/onboarding/first-run';
import type { WebhooksModel } from './webhooks-model';
import { WebhooksSection } from './WebhooksSection';
import type { SitesModel } from './sites-model';
import { SitesSection } from './SitesSection';

const FIELD_FEATURES = ['search', 'myDay', 'notes', 'badges'] as const;

/** The settings, by who is reading them: a technician's page is about them (who they are, what
 * Fieldside may do for them, sites, sign out); the account's own settings (its webhook subscriptions,
 * where Fieldside connects, another's view) are an administrator's the platform vouched for (the background
 * refuses them to anyone else too): a name chosen from the list is not enough. */
export function App({
  model,
  webhooks,
  sites,
  budget,
}: {
  model: OptionsModel;
  webhooks?: WebhooksModel;
  sites?: SitesModel;
  budget?: BudgetModel;
}) {
  const view = model.view.value;
  const busy = model.busy.value;
  if (!view) {
    return (
      <main aria-busy="true">
        <Loading>Loading…</Loading>
      </main>
    );
  }
  const signedIn = view.state === 'signed_in';
  // With an API key Fieldside is the account's own private app: its administrator's.
  const administrator = administersAccount(view);
  // An administrator's name chosen from the list: the account's settings wait for the platform's word.
  const unverifiedAdministrator = signedIn && view.mode === 'oauth' && view.me?.isAdmin === true && !administrator;
  const left = setupLeft({ signedIn, mode: view.mode, hasMe: view.me !== null, firstRun: model.firstRun.value });
  return (
    <main aria-busy={busy}>
      <header class="options-head">
        <BrandMark size={28} />
        <h1>Fieldside settings</h1>
      </header>
      {model.error.value && <ProblemNotice id="error" problem={model.error.value} />}
      {signedIn && !administrator && <DailyLimitNotice until={budget?.budget.value?.limitedUntil} />}
      <SetupLeft left={left} onContinue={() => void openFirstRunPage()} />
      <section aria-labelledby="account-heading" class="card section">
        <h2 id="account-heading">Account</h2>
        <SessionSummary
          state={view.state}
          mode={view.mode}
          accountName={view.account?.name ?? null}
          meName={view.me?.name ?? null}
          meRole={view.me?.role ?? ''}
          viewAsName={view.viewAs?.name ?? null}
          meFromPlatform={view.meSource === 'platform'}
          addonOff={addonOff(view.addonActivated)}
          signedOutReason={view.signedOutReason}
          busy={busy}
          onSignInAgain={() => void model.signIn()}
        />
        {model.unsent.value && <UnsentWrites {...model.unsent.value} />}
        {signedIn ? (
          <div class="section-actions">
            <button type="button" id="sign-out" disabled={busy} onClick={() => void model.signOut()}>
              <SignOutIcon size={14} />
              Sign out
            </button>
          </div>
        ) : (
          <>
            <div class="sign-in">
              <SignInButton busy={busy} onSignIn={() => void model.signIn()} />
              <p class="hint">You sign in on the platform’s own page; Fieldside never sees your password.</p>
            </div>
            <ApiKeyForm busy={busy} onSubmit={(key) => void model.useApiKey(key)} />
          </>
        )}
      </section>
      {signedIn && view.mode === 'oauth' && !view.me && (
        <section aria-labelledby="who-heading" class="card section">
          <h2 id="who-heading">Who are you?</h2>
          {addonOff(view.addonActivated) ? (
            <p class="section-intro" id="pairing-hint" data-addon="off">
              <NotTurnedOn accountName={view.account?.name ?? ''} /> Until then, find your name below.
            </p>
          ) : (
            <p class="section-intro" id="pairing-hint">
              Let the platform say: open any job in the platform, choose Fieldside on the job card, then “Use Fieldside
              in this browser”, and confirm it here.
            </p>
          )}
          <FindYourName model={model} loading="Loading the staff…" only={addonOff(view.addonActivated)} />
        </section>
      )}
      {administrator && view.mode === 'oauth' && view.me && model.staff.value.length > 0 && (
        <section aria-labelledby="view-as-heading" class="card section">
          <h2 id="view-as-heading">Another staff member’s view</h2>
          <p class="section-intro">As an administrator you may see Fieldside as another staff member sees it.</p>
          <StaffPicker
            id="view-as"
            label="View as"
            action="Switch view"
            staff={model.staff.value}
            selected={view.viewAs?.uuid ?? view.me.uuid}
            busy={busy}
            onChoose={(uuid) => void model.viewAs(uuid === view.me?.uuid ? null : uuid)}
          />
        </section>
      )}
      {signedIn && view.mode === 'oauth' && view.me && (
        <section aria-labelledby="access-heading" class="card section">
          <h2 id="access-heading">What Fieldside may do for you</h2>
          <FeatureAccess
            features={FIELD_FEATURES.map((feature) => ({ feature, allowed: canUse(feature, view.scopes) }))}
            scopes={view.scopes}
            busy={busy}
            onAllow={(feature) => void model.allow(feature)}
          />
        </section>
      )}
      {/* An administrator sees the account's budget (and the limit notice inside it). */}
      {signedIn && administrator && budget?.budget.value && (
        <BudgetUse budget={budget.budget.value} nextDayAt={nextUtcMidnight(Date.now())} />
      )}
      {webhooks && administrator && view.mode && <WebhooksSection model={webhooks} mode={view.mode} canManage />}
      {sites && <SitesSection model={sites} />}
      {signedIn && !administrator && view.me && !unverifiedAdministrator && (
        <Notice role="note" id="account-wide-note" icon={<InfoIcon />}>
          Your account’s administrator looks after the settings that are the whole account’s: live updates and where
          Fieldside connects.
        </Notice>
      )}
      {unverifiedAdministrator && (
        <Notice role="note" id="account-wide-note" icon={<InfoIcon />}>
          The settings that are the whole account’s (live updates, where Fieldside connects, another staff member’s
          view) need the platform to say you are {view.me?.name}, not only your choice from the list:{' '}
          {addonOff(view.addonActivated)
            ? `first turn Fieldside on for the account (${ACTIVATE_STEP}), then ${PAIRING_PATH}.`
            : `${PAIRING_PATH}.`}
        </Notice>
      )}
      {(!signedIn || administrator) && <PageConnectionForm view={view} model={model} />}
    </main>
  );
}
