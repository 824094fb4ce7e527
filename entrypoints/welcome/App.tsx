import { ApiKeyForm } from '@/components/ApiKeyForm';
import { PageConnectionForm } from '@/components/ConnectionForm';
import { FindYourName } from '@/components/FindYourName';
import { BrandMark } from '@/components/design/Brand';
import { Loading } from '@/components/design/Loading';
import { Notice } from '@/components/design/Notice';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import { CheckIcon } from '@/components/icons/check';
import { SignInButton } from '@/components/onboarding/SignInButton';
import { ShortcutKeys } from '@/components/onboarding/ShortcutKeys';
import { addonOff, NotTurnedOn, PAIRING_PATH } from '@/components/onboarding/PlatformSaysWho';
import { Step, type StepState } from '@/components/onboarding/Step';
import { isFirefox, openSettings, openShortcutSettings } from './browser-setup';
import type { WelcomeModel } from './model';

/** The first-run page: connect, who you are, keep Fieldside at hand, open your day. Each step says
 * what to do now; a step done says what came of it. */
export function App({ model }: { model: WelcomeModel }) {
  const view = model.view.value;
  const busy = model.busy.value;
  if (!view) {
    return (
      <main class="welcome" aria-busy="true">
        <Loading>Loading…</Loading>
      </main>
    );
  }
  const signedIn = view.state === 'signed_in';
  const whoDone = signedIn && (view.mode === 'api_key' || view.me !== null);
  // Each step is ticked when it was done, here or anywhere: the popup opened (or Fieldside pinned), the
  // side panel opened on the day.
  const run = model.firstRun.value;
  const atHand = run?.finished === true || run?.atHand === true || model.pinned.value === true;
  const dayOpened = run?.finished === true || run?.dayOpened === true || model.dayOpened.value;
  const finished = atHand && dayOpened;
  const state = (done: boolean, ready: boolean): StepState => (done ? 'done' : ready ? 'current' : 'todo');
  const panel = isFirefox() ? 'sidebar' : 'side panel';
  return (
    <main class="welcome" aria-busy={busy}>
      <header class="welcome-head">
        <BrandMark size={40} />
        <div>
          <h1>Welcome to Fieldside</h1>
          <p class="welcome-lead">
            Your jobs, your day and your notes beside the platform, also without signal. Four short steps.
          </p>
        </div>
      </header>
      {model.error.value && <ProblemNotice id="error" problem={model.error.value} />}
      <ol class="steps">
        <Step id="step-connect" number={1} title="Connect your account" state={state(signedIn, true)}>
          {signedIn ? (
            <p id="welcome-account">
              Signed in to <strong>{view.account?.name ?? ''}</strong>
              {view.mode === 'api_key' ? ' with an API key.' : '.'}
            </p>
          ) : (
            <>
              <p>
                Sign in on the platform’s own page and allow Fieldside to read your jobs, your day and notes. Fieldside
                never sees your password.
              </p>
              <div>
                <SignInButton busy={busy} onSignIn={() => void model.signIn()} />
              </div>
              <details class="disclosure" id="api-key-path">
                <summary>Use an API key instead (a private app of your business)</summary>
                <ApiKeyForm busy={busy} onSubmit={(key) => void model.useApiKey(key)} />
              </details>
              <PageConnectionForm view={view} model={model} />
            </>
          )}
        </Step>
        <Step id="step-who" number={2} title="Tell Fieldside who you are" state={state(whoDone, signedIn)}>
          {!signedIn && (
            <p class="muted">
              Once you are signed in: let the platform say who you are from any job card, or find your name in your
              account’s staff.
            </p>
          )}
          {signedIn && view.mode === 'api_key' && <p>Not needed with an API key: Fieldside sees the whole account.</p>}
          {signedIn && view.mode === 'oauth' && view.me && (
            <p id="welcome-me">
              You are <strong>{view.me.name}</strong>
              {view.me.role ? ` (${view.me.role})` : ''}
              {view.meSource === 'platform'
                ? ', as the platform told Fieldside. Signing in again keeps it.'
                : addonOff(view.addonActivated)
                  ? '. That is your choice; once an administrator turns Fieldside on for the account, the platform can say so from any job card.'
                  : `. That is your choice; to let the platform say so, ${PAIRING_PATH}.`}
            </p>
          )}
          {signedIn && view.mode === 'oauth' && !view.me && (
            <>
              {addonOff(view.addonActivated) ? (
                <p id="pairing-hint" data-addon="off">
                  <NotTurnedOn accountName={view.account?.name ?? ''} /> Until then, find your name below.
                </p>
              ) : (
                <>
                  <p id="pairing-hint">Let the platform tell Fieldside who you are:</p>
                  <ol class="pairing-steps">
                    <li>Open any job in the platform.</li>
                    <li>
                      Choose <strong>Fieldside</strong> on the job card.
                    </li>
                    <li>
                      Choose <strong>Use Fieldside in this browser</strong>, then confirm it in the tab Fieldside opens.
                    </li>
                  </ol>
                </>
              )}
              <FindYourName
                model={model}
                loading="Loading your account’s staff…"
                only={addonOff(view.addonActivated)}
              />
            </>
          )}
        </Step>
        <Step id="step-at-hand" number={3} title="Keep Fieldside at hand" state={state(atHand, whoDone)}>
          <KeepAtHand shortcut={model.shortcut.value} pinned={model.pinned.value} firefox={isFirefox()} />
          {!atHand && (
            <p class="hint" id="at-hand-todo">
              Try it now: this step is ticked once you have opened Fieldside from its button or its shortcut
              {isFirefox() ? '' : ', or pinned it'}.
            </p>
          )}
        </Step>
        <Step id="step-day" number={4} title="Open your day" state={state(dayOpened, whoDone)}>
          <p>Today’s visits, whom to call and each job’s notes, in the {panel} beside the page you work in.</p>
          <div>
            <button
              type="button"
              id="open-day"
              class="btn-primary btn-lg"
              disabled={!whoDone}
              onClick={() => model.openDay()}
            >
              Open my day in the {panel}
            </button>
          </div>
          {model.dayError.value && (
            <ProblemNotice
              id="day-error"
              problem={model.dayError.value}
              todo={`Open Fieldside’s button in the toolbar, then its ${panel}.`}
            />
          )}
        </Step>
      </ol>
      {finished && (
        <Notice tone="success" role="status" id="welcome-done" icon={<CheckIcon />}>
          <p class="notice-title">You are all set.</p>
          <p>
            {model.shortcut.value ? (
              <>
                Press <ShortcutKeys shortcut={model.shortcut.value} /> to find a job, wherever you are in the browser.
              </>
            ) : (
              'Click Fieldside’s button in the toolbar to find a job.'
            )}{' '}
            You can close this page.
          </p>
        </Notice>
      )}
      <p class="welcome-foot">
        <a
          href="/options.html"
          target="_blank"
          id="all-settings"
          onClick={(e) => {
            // A tab of its own in both browsers (Firefox may refuse a new window from a link here).
            e.preventDefault();
            void openSettings();
          }}
        >
          All settings
        </a>
      </p>
    </main>
  );
}

function KeepAtHand({
  shortcut,
  pinned,
  firefox,
}: {
  shortcut: string | null;
  pinned: boolean | null;
  firefox: boolean;
}) {
  return (
    <>
      <p id="welcome-shortcut" data-shortcut={shortcut ?? undefined}>
        {shortcut === null ? (
          'Reading your keyboard shortcut…'
        ) : shortcut ? (
          <>
            Press <ShortcutKeys shortcut={shortcut} /> anywhere in the browser to find a job by its number, customer or
            street.
          </>
        ) : (
          'No keyboard shortcut opens Fieldside yet (another extension may have taken it).'
        )}{' '}
        {shortcut !== null && (
          <button type="button" class="btn-ghost btn-sm" onClick={() => void openShortcutSettings()}>
            {shortcut ? 'Change the shortcut' : 'Choose a shortcut'}
          </button>
        )}
      </p>
      <p id="welcome-pin" data-pinned={pinned === null ? undefined : String(pinned)}>
        {firefox
          ? 'Firefox shows Fieldside’s button in the toolbar, at the right of the address bar: click it to find a job.'
          : pinned
            ? 'Fieldside is pinned to the toolbar: click its button to find a job.'
            : 'Pin Fieldside to the toolbar: click the Extensions button (the puzzle piece) at the right of the address bar, then the pin beside Fieldside.'}
      </p>
    </>
  );
}
