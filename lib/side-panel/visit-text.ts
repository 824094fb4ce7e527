// The text "On my way" may send: the offer a job's detail made is kept per job (so the number texted is the one the
// background chose, never one a page names), queued after the "On my way" note, and shown with the visit until the
// platform has it. "No thanks" is kept per workspace: the offer is not made again.
import type { AnswerStore } from './answer-store';
import type { Outbox } from '../outbox/outbox';
import type { OutboxEntry } from '../outbox/types';
import type { TextOfferView, VisitView } from '../messaging/job-views';

const offerKey = (jobUuid: string) => `text-offer:${jobUuid}`;
const DECLINED_KEY = 'texts:declined';

/** The offer the job's detail made, or none (a number the job no longer has is never texted from an old offer). */
export async function keepOffer(store: AnswerStore, jobUuid: string, offer: TextOfferView | null, now: number) {
  await store.put(offerKey(jobUuid), offer, now);
}

export async function textsDeclined(store: AnswerStore): Promise<boolean> {
  return (await store.get<boolean>(DECLINED_KEY))?.value === true;
}

export async function declineTexts(store: AnswerStore, now: number): Promise<void> {
  await store.put(DECLINED_KEY, true, now);
}

/** Queues the text the job's offer proposed, with the person's words; the name it went to, or null when nothing
 * may be sent (no offer kept, the connection may not text, the person said no, no words left). */
export async function queueText(
  store: AnswerStore,
  outbox: Outbox,
  jobUuid: string,
  message: string,
  mayText: boolean,
): Promise<string | null> {
  const offer = (await store.get<TextOfferView | null>(offerKey(jobUuid)))?.value;
  if (!offer || !offer.allowed || !mayText || (await textsDeclined(store)) || !message.trim()) return null;
  await outbox.enqueue({ kind: 'text', jobUuid, payload: { to: offer.to, message: message.trim(), name: offer.name } });
  return offer.name;
}

/** The text's state for the visit: waiting or refused while in the outbox, sent once it left it. */
export function textState(textedTo: string | null, entries: readonly OutboxEntry[]): VisitView['text'] {
  const entry = entries.find((e) => e.kind === 'text');
  if (entry?.kind === 'text')
    return { name: entry.payload.name, state: entry.state === 'failed-permanent' ? 'problem' : 'waiting' };
  return textedTo ? { name: textedTo, state: 'sent' } : null;
}
