// Sending a text to the customer. A text cannot be taken back, the platform takes no idempotency key, and no way to
// read its SMS history back is known (server/emulator/FIDELITY.md, "Texts"): so a text whose request left without an
// answer kept is never sent again by itself; the person is told it may not have gone, and decides. Before the
// request leaves, one read shows the platform answering, so a device with no signal never leaves a text unsure.
// A text that waited too long (no signal for over an hour) is not sent without the person asking again.
import { isApiError } from '../api/errors';
import { jobGone, type ApplyContext, type OutboxClient } from './apply';
import type { EntryOf } from './types';

/** How long after it was written (or retried) a text is still worth sending without asking. */
export const TEXT_FRESH_MS = 60 * 60_000;

/** A text not sent, and why, in the person's words (classify.ts passes them on). */
export class TextNotSentError extends Error {
  override readonly name = 'TextNotSentError';
  constructor(
    readonly code: 'text-unsure' | 'text-late',
    message: string,
    readonly action: string,
  ) {
    super(message);
  }
}

/** Failures that mean no answer came: the request did not leave, or was not carried out (it may be tried again). */
const NO_ANSWER = ['NetworkError', 'ServerError', 'RateLimitedError', 'AccountOnHoldError'] as const;

/** An answer saying the platform did not send it: refused (4xx other than a timeout) or rate-limited. */
function refusedUnsent(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const status = (error as { status?: number | null }).status ?? null;
  return status !== null && status >= 400 && status < 500 && status !== 408;
}

export async function sendText(client: OutboxClient, entry: EntryOf<'text'>, context: ApplyContext): Promise<void> {
  const { name } = entry.payload;
  const unsure = context.markPosted ? entry.postedAt !== undefined : entry.attempts > 1;
  if (unsure)
    throw new TextNotSentError(
      'text-unsure',
      `The text to ${name} may not have been sent: the connection dropped while it was on its way, and the platform cannot be asked whether it went.`,
      `Fieldside will not send it again by itself, so ${name} is not texted twice. Call ${name} if it matters; Retry sends it once more, Discard leaves it.`,
    );
  const now = context.now?.() ?? Date.now();
  if (now - (entry.retriedAt ?? entry.createdAt) > TEXT_FRESH_MS)
    throw new TextNotSentError(
      'text-late',
      `The text to ${name} was not sent: there was no connection for more than an hour after you said you were on your way.`,
      `Retry sends it now if it is still true; Discard if it is no longer wanted.`,
    );
  try {
    const job = await client.jobs.get(entry.jobUuid);
    if (!job.active) throw jobGone(entry.jobUuid);
  } catch (error) {
    // Only the want of an answer stops here; any answer shows the platform can be reached, and the send says more.
    if (NO_ANSWER.some((n) => isApiError(error, n)) || isApiError(error, 'NotFoundError')) throw error;
  }
  await context.markPosted?.(entry, now);
  try {
    await client.texts.send({ to: entry.payload.to, message: entry.payload.message, jobUuid: entry.jobUuid });
  } catch (error) {
    if (refusedUnsent(error)) await context.markPosted?.(entry, undefined);
    throw error;
  }
}
