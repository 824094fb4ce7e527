import { Notice } from './design/Notice';
import { AlertIcon } from './icons/alert';
import { KeyIcon } from './icons/key';
import { PAIRING_PATH } from './onboarding/PlatformSaysWho';

export interface SessionSummaryProps {
  state: 'signed_out' | 'signed_in';
  mode: 'oauth' | 'api_key' | null;
  accountName: string | null;
  meName: string | null;
  /** Their security role's name ('' when the platform did not say). */
  meRole: string;
  viewAsName: string | null;
  /** The platform said who this is (the browser was paired from a job card), rather than the person choosing. */
  meFromPlatform?: boolean;
  /** The account has not turned Fieldside on, so the job card cannot say who this is yet. */
  addonOff?: boolean;
  signedOutReason: 'signed_out' | 'revoked' | null;
  busy: boolean;
  /** "Sign in again": the platform's consent page, then "who are you" afresh unless the platform said who this is. */
  onSignInAgain: () => void;
}

/** The first letters of a name, for the round avatar beside it. */
function initials(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length === 0
    ? '?'
    : words
        .slice(0, 2)
        .map((w) => [...w][0]!.toUpperCase())
        .join('');
}

/** Sign-in state in words: the account, who you are (changed only by signing in again), whose view. */
export function SessionSummary(props: SessionSummaryProps) {
  if (props.state === 'signed_out') {
    return (
      <div id="session-state" data-state="signed_out" class="session">
        <p class="session-out">Not signed in.</p>
        {props.signedOutReason === 'revoked' && (
          <Notice role="alert" id="revoked-notice" tone="warning" icon={<AlertIcon />}>
            The platform no longer accepts your sign-in (it expired, or the add-on was disabled or its access
            withdrawn), so you were signed out. Sign in again to continue; notes not sent yet are kept until then.
          </Notice>
        )}
      </div>
    );
  }
  const who = props.mode === 'oauth' ? props.meName : props.accountName;
  return (
    <div id="session-state" data-state="signed_in" class="session">
      <div class="session-who">
        <span class="avatar" aria-hidden="true">
          {props.mode === 'api_key' ? <KeyIcon /> : initials(who)}
        </span>
        <div class="session-lines">
          <p>
            Signed in to <strong id="account-name">{props.accountName ?? ''}</strong>
            {props.mode === 'api_key' ? ' with an API key.' : '.'}
          </p>
          {props.mode === 'oauth' && (
            <p class="session-me">
              {props.meName ? 'You are ' : 'You are: '}
              <strong id="me-name">{props.meName ?? 'not chosen yet'}</strong>
              {props.meName && props.meRole && (
                <>
                  {' ('}
                  <span id="me-role">{props.meRole}</span>
                  {')'}
                </>
              )}
              {props.viewAsName && props.viewAsName !== props.meName && (
                <>
                  {' '}
                  (viewing as <strong id="view-as-name">{props.viewAsName}</strong>)
                </>
              )}
            </p>
          )}
          {props.mode === 'oauth' && props.meName && (
            <p>
              <button
                type="button"
                id="sign-in-again"
                class="btn-ghost btn-sm"
                disabled={props.busy}
                onClick={props.onSignInAgain}
              >
                {props.meFromPlatform ? 'Sign in again' : 'Not you? Sign in again'}
              </button>
            </p>
          )}
        </div>
      </div>
      {props.mode === 'oauth' && props.meName && props.meFromPlatform && (
        <Notice role="note" id="limit-notice">
          Fieldside shows only what {props.viewAsName ?? props.meName} may see. The platform told Fieldside who you are
          when you chose Fieldside on a job card and then “Use Fieldside in this browser”, and you confirmed it; signing
          in again keeps it. Not you? Sign out.
        </Notice>
      )}
      {props.mode === 'oauth' && props.meName && !props.meFromPlatform && (
        <Notice role="note" id="limit-notice">
          Fieldside shows only what {props.viewAsName ?? props.meName} may see because{' '}
          {props.viewAsName && props.viewAsName !== props.meName ? 'you chose to view as them' : 'you chose that name'}.
          That limit is your choice in Fieldside, not the platform's: the platform does not know who is using this
          device.{' '}
          {props.addonOff
            ? 'It can say so once an administrator turns Fieldside on for the account, in the platform’s add-on store.'
            : `To let it say so, ${PAIRING_PATH}.`}
        </Notice>
      )}
      {props.mode === 'api_key' && (
        <Notice role="note" id="api-key-mode-notice" tone="warning">
          API-key mode: views are not limited to a staff member; Fieldside sees the whole account.
        </Notice>
      )}
    </div>
  );
}
