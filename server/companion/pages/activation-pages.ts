import type { CompanionConfig } from '../config';
import { storeLinks } from './home-page';
import { html, type Html } from './html';

// The last page of an activation (the administrator's consent for the account, started from the platform's
// add-on store), and what it says when the activation cannot finish. Words for the administrator; no platform
// data (the account's name, the person) is shown, only what happened and what to do next.

export const ACTIVATED_TITLE = 'Fieldside is activated';
export const NOT_ACTIVATED_TITLE = 'Fieldside was not activated';

export type ActivationProblem =
  'denied' | 'no_code' | 'expired' | 'other_browser' | 'refused' | 'unavailable' | 'ticket' | 'other_account';

const PROBLEMS: Record<ActivationProblem, string> = {
  denied: 'You chose not to allow Fieldside, so nothing was changed.',
  no_code: 'The platform sent back no answer to the request to allow Fieldside.',
  expired: 'This activation took longer than 10 minutes, or was not started here, so it cannot finish.',
  other_browser:
    'This activation has already finished, or was started in another browser or window, so it cannot finish here.',
  refused: 'The platform did not accept this activation. It may have been finished already in another window.',
  unavailable: 'The platform could not be reached just now. Wait a few minutes before you try again.',
  ticket:
    'This "Activate again" link is more than 10 minutes old, was already used, or was not made by Fieldside. Open a job in the platform, choose Fieldside, then "Activate again".',
  other_account:
    'This "Activate again" link is for another business account than the one you allowed Fieldside for. Sign in to the platform with the right account, then try again.',
};

export function activatedPage(links: CompanionConfig['storeLinks']): Html {
  return html`<main>
    <h1 id="activated">${ACTIVATED_TITLE} for your account</h1>
    <p>Your account now allows Fieldside. What to do next:</p>
    <ol>
      <li>Install the extension in the browser of everyone who will use it: ${storeLinks(links)}</li>
      <li>
        Each person opens it and signs in with their own platform login. They see only what the platform lets them see.
      </li>
    </ol>
    <p>
      Everyone's Fieldside updates as the office works: activating set up your account's change notifications, so you
      need not use Fieldside yourself.
    </p>
    <p>You can close this window.</p>
  </main>`;
}

export function notActivatedPage(problem: ActivationProblem): Html {
  return html`<main>
    <h1 id="not-activated">${NOT_ACTIVATED_TITLE}</h1>
    <p role="alert">${PROBLEMS[problem]}</p>
    <p>To activate Fieldside, open it in the platform's add-on store again and follow the steps there.</p>
  </main>`;
}

/** Why an activation kept nothing although the platform allowed it: the account keeps an earlier activation, and only
 * an administrator the platform vouches for may replace it. */
export type KeptProblem = 'already_activated' | 'not_administrator';

export function keptPage(problem: KeptProblem, administrators: readonly string[]): Html {
  const who =
    administrators.length > 0
      ? html`<p>Your account's administrators: ${administrators.join(', ')}.</p>`
      : html`<p>Ask an administrator of your account.</p>`;
  return html`<main>
    <h1 id="kept">${problem === 'already_activated' ? 'Fieldside is already activated' : NOT_ACTIVATED_TITLE}</h1>
    <p role="alert">
      ${
        problem === 'already_activated'
          ? 'Fieldside is already activated for your account, so nothing was changed: everyone goes on working as before.'
          : 'Only an administrator of your account can activate Fieldside again, so nothing was changed.'
      }
    </p>
    <p>
      To activate it again (to allow it more), an administrator opens any job in the platform, chooses Fieldside, then
      "Activate again".
    </p>
    ${who}
  </main>`;
}
