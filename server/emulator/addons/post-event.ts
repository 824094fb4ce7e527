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

/** An answer the web app renders in the window: HTML, whatever its status (a 4xx/5xx page is the add-on's own
 * words). Anything else (no answer, a redirect, JSON, plain text) gets the platform's own message. */
export const isHtmlAnswer = (answer: AddonAnswer): answer is Extract<AddonAnswer, { kind: 'answer' }> =>
  answer.kind === 'answer' &&
  answer.status >= 200 &&
  answer.status < 600 &&
  !(answer.status >= 300 && answer.status < 400) &&
  /^text\/html\b/i.test(answer.contentType);
