import { html } from '../../pages/html';
import type { ActionPlace } from '../events';
import type { PanelProblem } from '../job-view';
import { panelDocument } from './panel-document';

// What the window says when the panel cannot show the job: in words a field worker understands, what happened and
// what to do, never a status code. Shown in the platform's window, so it loads the SDK too (its Close button).

const TITLES: Record<PanelProblem, string> = {
  not_activated: 'Fieldside is not turned on yet',
  revoked: 'Fieldside has been turned off',
  not_visible: 'This job is not yours to see',
  busy: 'The platform is busy',
  daily_limit: 'Fieldside is resting until tomorrow',
  unavailable: 'The platform cannot be reached',
  rejected: 'The platform turned this down',
};

export const PROBLEM_WORDS: Record<PanelProblem, string> = {
  not_activated:
    "Fieldside is not turned on for this account yet. An administrator turns it on once for everyone: in the platform's add-on store, open Fieldside and activate it.",
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
};

export function problemPanel(problem: PanelProblem, place: ActionPlace, sdkUrl: string): string {
  const body = html`<h1>${TITLES[problem]}</h1>
    <p id="panel-problem" role="alert">${PROBLEM_WORDS[problem]}</p>
    <div class="row"><button type="button" data-close>Close</button></div>`;
  return panelDocument({ title: TITLES[problem], place, sdkUrl }, body);
}
