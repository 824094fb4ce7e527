import type { Context } from 'hono';
import { html, renderPage } from '../pages/html';

// The answer to an event the companion will not serve: a short page in words for the person looking at the
// platform's window (the platform shows it there), with no platform data at all, and a 4xx status.

export type Refusal = 'unverified' | 'expired' | 'replayed' | 'not_activated' | 'unknown_event' | 'too_large';

const AGAIN = 'Close this window and choose Fieldside on the job card again.';

const REFUSALS: Record<Refusal, { status: 400 | 401 | 403 | 409 | 413; title: string; words: string }> = {
  unverified: {
    status: 401,
    title: 'Fieldside could not check this request',
    words: `Fieldside could not confirm that this request came from the platform, so it shows nothing. ${AGAIN}`,
  },
  expired: {
    status: 401,
    title: 'This request is too old',
    words: `This request is too old (or this device's clock is far off), so Fieldside shows nothing. ${AGAIN}`,
  },
  replayed: {
    status: 409,
    title: 'This request was already answered',
    words: `This request was already answered once, so Fieldside will not answer it again. ${AGAIN}`,
  },
  not_activated: {
    status: 403,
    title: 'Fieldside is not turned on yet',
    words:
      "Fieldside is not turned on for this account, so it cannot show anything here. An administrator of your account can turn it on: in the platform's add-on store, open Fieldside and activate it.",
  },
  unknown_event: {
    status: 400,
    title: 'Fieldside does not know this action',
    words: `Fieldside does not know this action, so it shows nothing. ${AGAIN}`,
  },
  too_large: {
    status: 413,
    title: 'This request is too large',
    words: `This request is larger than Fieldside accepts, so it shows nothing. ${AGAIN}`,
  },
};

export function refuseEvent(c: Context, refusal: Refusal): Response {
  const { status, title, words } = REFUSALS[refusal];
  c.header('cache-control', 'no-store');
  c.header('x-content-type-options', 'nosniff');
  return c.html(
    renderPage(
      title,
      html`<main>
        <h1>${title}</h1>
        <p id="event-refused" role="alert">${words}</p>
      </main>`,
    ),
    status,
  );
}
