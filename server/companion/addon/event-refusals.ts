import { decodeJwt } from 'jose';
import { ADDON_EVENTS, placeOf, type ActionPlace } from './events';
import type { AddNoteAnswer } from './note-answer';
import { wordsPanel } from './panel/problem-page';

// The words for an event the companion will not serve. The platform shows an answer only when it is a 200
// `{"eventResponse": …}` (a non-2xx answer leaves the window blank), so a refusal is a 200 too: a short page in words
// for the person looking at the window (the same look as the panel, with its Close button), or, for a follow-up
// from the panel, the `{ok: false, message}` the panel shows beside the note box or the visit's buttons. No platform data in either.

export type Refusal = 'unverified' | 'expired' | 'not_activated' | 'unknown_event' | 'too_large';

const AGAIN = 'Close this window and choose Fieldside on the job card again.';

const REFUSALS: Record<Refusal, { title: string; words: string }> = {
  unverified: {
    title: 'Fieldside could not check this request',
    words: `Fieldside could not confirm that this request came from the platform, so it shows nothing. ${AGAIN}`,
  },
  expired: {
    title: 'This request is too old',
    words: `This request is too old (or this device's clock is far off), so Fieldside shows nothing. ${AGAIN}`,
  },
  not_activated: {
    title: 'Fieldside is not turned on yet',
    words:
      "Fieldside is not turned on for this account, so it cannot show anything here. An administrator of your account can turn it on: in the platform's add-on store, open Fieldside and activate it, even where it already shows as active.",
  },
  unknown_event: {
    title: 'Fieldside does not know this action',
    words: `Fieldside does not know this action, so it shows nothing. ${AGAIN}`,
  },
  too_large: {
    title: 'This request is too large',
    words: `This request is larger than Fieldside accepts, so it shows nothing. ${AGAIN}`,
  },
};

/** Where a refusal's words go: the window (a page, laid out for the web or a phone), or the panel's note box. */
export type RefusalForm = { kind: 'page'; place: ActionPlace } | { kind: 'follow-up' };

/**
 * The form a refusal takes for this event: from its verified name when there is one, else from the name the token
 * claims unverified. That claim chooses only the layout of words that carry no data, never what is served.
 */
export function refusalForm(eventName: string | undefined, token?: string): RefusalForm {
  let name = eventName;
  if (name === undefined && token !== undefined) {
    try {
      const claimed = decodeJwt(token.trim()).eventName;
      name = typeof claimed === 'string' ? claimed.toLowerCase() : undefined;
    } catch {
      // not even a token: a page
    }
  }
  if (name === ADDON_EVENTS.addNote || name === ADDON_EVENTS.jobAction) return { kind: 'follow-up' };
  return { kind: 'page', place: (name && placeOf(name)) || 'web' };
}

/** The eventResponse of a refusal: a page in words, or the follow-up's answer in words. */
export function refusalResponse(refusal: Refusal, form: RefusalForm, sdkUrl: string): string {
  const { title, words } = REFUSALS[refusal];
  if (form.kind === 'follow-up') return JSON.stringify({ ok: false, message: words } satisfies AddNoteAnswer);
  return wordsPanel({ title, words, place: form.place, sdkUrl, id: 'event-refused' });
}
