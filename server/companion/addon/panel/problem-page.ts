import { html } from '../../pages/html';
import type { ActionPlace } from '../events';
import type { PanelProblem } from '../job-view';
import { panelDocument } from './panel-document';

// What the window says when the panel cannot show the job (or the event is refused: ../event-refusals.ts): in words
// a field worker understands, what happened and what to do, never a status code. Shown in the platform's window, so
// it loads the SDK too (its Close button).

const TITLES: Record<PanelProblem, string> = {
  not_activated: 'Fieldside is not turned on yet',
  revoked: 'Fieldside has been turned off',
  not_visible: 'This job is not yours to see',
  busy: 'The platform is busy',
  daily_limit: 'Fieldside is resting until tomorrow',
  unavailable: 'The platform cannot be reached',
  rejected: 'The platform turned this down',
  missing_scope: 'Fieldside needs to be activated again',
};

export const PROBLEM_WORDS: Record<PanelProblem, string> = {
  not_activated:
    "Fieldside is not turned on for this account yet. An administrator turns it on once for everyone: in the platform's add-on store, open Fieldside and activate it, even where it already shows as active.",
  revoked:
    "Fieldside has been turned off for this account, so it cannot show this job. An administrator can turn it on again from the platform's add-on store.",
  not_visible:
    'The platform does not let you see this job, so Fieldside cannot show it. If it should be yours, ask the office to assign it to you.',
  busy: 'The platform is busy right now. Wait a minute, then open Fieldside from the job card again.',
  daily_limit:
    "Your business has used all of today's requests to the platform, so Fieldside cannot show this job until tomorrow. The job card itself still works.",
  unavailable: 'The platform could not be reached just now. Close this window and try again in a few minutes.',
  rejected:
    'The platform turned this request down. Close this window and try again; if it keeps happening, tell the office.',
  missing_scope:
    "Your account has not allowed Fieldside to do this yet. An administrator can allow it: in the platform's add-on store, open Fieldside and activate it again.",
};

/** A window of words alone: a title, what happened and what to do, and the Close button. */
export function wordsPanel(input: {
  title: string;
  words: string;
  place: ActionPlace;
  sdkUrl: string;
  /** The words' element id, for tests and support. */
  id: string;
}): string {
  const body = html`<h1>${input.title}</h1>
    <p id="${input.id}" role="alert">${input.words}</p>
    <div class="row"><button type="button" data-close>Close</button></div>`;
  return panelDocument({ title: input.title, place: input.place, sdkUrl: input.sdkUrl }, body);
}

export function problemPanel(problem: PanelProblem, place: ActionPlace, sdkUrl: string): string {
  return wordsPanel({ title: TITLES[problem], words: PROBLEM_WORDS[problem], place, sdkUrl, id: 'panel-problem' });
}
