import { readCappedBody } from '../capped-body';

/** What came of posting one event to the add-on: its answer (any status), or why there was none. */
export type AddonAnswer =
  | { kind: 'answer'; status: number; contentType: string; body: string }
  | { kind: 'no-answer'; reason: 'timeout' | 'unreachable' | 'too-large' };

/** More than any window's HTML needs; a bigger answer is treated as no answer rather than held in memory. */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * POSTs a signed event to the add-on's event URL: the body is the raw compact JWT as text/plain, as web-service
 * add-ons read it (a third-party add-on parses the raw text body as the token). Never throws: the web app shows
 * its own plain message for every kind of failure. Redirects are not followed.
 */
export async function postEvent(url: string, token: string, timeoutMs: number): Promise<AddonAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': 'platform-emulator-addons' },
      body: token,
      redirect: 'manual',
      signal: timeout,
    });
    const read = await readCappedBody(res, MAX_ANSWER_BYTES);
    if (read.overflowed) return { kind: 'no-answer', reason: 'too-large' };
    return { kind: 'answer', status: res.status, contentType: res.headers.get('content-type') ?? '', body: read.text };
  } catch {
    return { kind: 'no-answer', reason: timeout.aborted ? 'timeout' : 'unreachable' };
  }
}

/**
 * What the platform shows of an answer: the `eventResponse` of a 2xx answer whose body is the JSON
 * `{"eventResponse": "<html>"}`, as the official samples answer (whatever its content type). Anything else (another
 * status, a redirect, raw HTML, JSON without a string `eventResponse`) shows nothing: integrators report that a
 * non-2xx answer is discarded and that raw HTML is not shown (PLATFORM-NOTES "Add-ons inside the platform").
 */
export function eventResponseOf(answer: AddonAnswer): string | undefined {
  if (answer.kind !== 'answer' || answer.status < 200 || answer.status > 299) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const response = (body as { eventResponse?: unknown }).eventResponse;
  return typeof response === 'string' ? response : undefined;
}
