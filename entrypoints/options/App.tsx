import { ApiKeyForm } from '@/components/ApiKeyForm';
import { ConnectionForm } from '@/components/ConnectionForm';
import { SessionSummary } from '@/components/SessionSummary';
import { StaffPicker } from '@/components/StaffPicker';
import { UnsentWrites } from '@/components/UnsentWrites';
import { BudgetUse } from '@/components/budget/BudgetUse';
import { DailyLimitNotice } from '@/components/budget/DailyLimitNotice';
import { nextUtcMidnight } from '@/lib/api/daily-use';
import type { BudgetModel } from './budget-model';
import { BrandMark } from '@/components/design/Brand';
import { Loading } from '@/components/design/Loading';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import { SignInIcon } from '@/components/icons/sign-in';
import { SignOutIcon } from '@/components/icons/sign-out';
import type { OptionsModel } from './model';
import type { WebhooksModel } from './webhooks-model';
import { WebhooksSection } from './WebhooksSection';
import type { SitesModel } from './sites-model';
import { SitesSection } from './SitesSection';

export function App({ model, webhooks, sites, budget }: { model: OptionsModel; webhooks?: WebhooksModel; sites?: SitesModel; budget?: BudgetModel }) {
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
  return (
    <main aria-busy={busy}>
      <header class="options-head">
        <BrandMark size={28} />
        <h1>Fieldside settings</h1>
      </header>
      {model.error.value && <ProblemNotice id="error" problem={model.error.value} />}
      {signedIn && !view.me?.isAdmin && <DailyLimitNotice until={budget?.budget.value?.limitedUntil} />}
      <section aria-labelledby="account-heading" class="card section">
        <h2 id="account-heading">Account</h2>
        <SessionSummary
          state={view.state}
          mode={view.mode}
          accountName={view.account?.name ?? null}
          meName={view.me?.name ?? null}
          viewAsName={view.viewAs?.name ?? null}
          scopes={view.scopes}
          signedOutReason={view.signedOutReason}
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
              <button type="button" id="sign-in" class="btn-primary btn-lg" disabled={busy} onClick={() => void model.signIn()}>
                <SignInIcon />
                Sign in with the platform
              </button>
              <p class="hint">You sign in on the platform’s own page; Fieldside never sees your password.</p>
            </div>
            <ApiKeyForm busy={busy} onSubmit={(key) => void model.useApiKey(key)} />
          </>
        )}
      </section>
      {signedIn && view.mode === 'oauth' && model.staff.value.length > 0 && (
        <section aria-labelledby="who-heading" class="card section">
          <h2 id="who-heading">Who are you?</h2>
          <p class="section-intro">Fieldside makes every request as this staff member, so it shows only what they may see.</p>
          <StaffPicker
            id="me"
            label="I am"
            action="This is me"
            staff={model.staff.value}
            selected={view.me?.uuid ?? model.suggested.value}
            busy={busy}
            onChoose={(uuid) => void model.chooseMe(uuid)}
          />
          {view.me?.isAdmin && (
            <StaffPicker
              id="view-as"
              label="View as"
              action="Switch view"
              staff={model.staff.value}
              selected={view.viewAs?.uuid ?? view.me.uuid}
              busy={busy}
              onChoose={(uuid) => void model.viewAs(uuid === view.me?.uuid ? null : uuid)}
            />
          )}
        </section>
      )}
      {/* Listing needs a workspace: in OAuth mode, once "who are you" is answered. */}
      {webhooks && signedIn && view.mode && (view.mode === 'api_key' || view.me) && (
        <WebhooksSection model={webhooks} mode={view.mode} canManage={view.mode === 'api_key' || view.me?.isAdmin === true} />
      )}
      {/* An administrator sees the account's budget (and the limit notice inside it). */}
      {signedIn && view.me?.isAdmin && budget?.budget.value && <BudgetUse budget={budget.budget.value} nextDayAt={nextUtcMidnight(Date.now())} />}
      {sites && <SitesSection model={sites} />}
      <ConnectionForm
        key={JSON.stringify(view.connection)}
        value={view.connection}
        managed={view.connectionManaged}
        busy={busy}
        onSave={(c) => void model.saveConnection(c)}
      />
    </main>
  );
}
