import { readCappedBody } from '../capped-body';

/** What came of one POST to a callback URL: an answer (any status), or why there was none. */
export type PostOutcome = { kind: 'answer'; status: number; body: string } | { kind: 'no-answer'; reason: string };

export interface PostOptions {
  /** Real-time limit for the whole exchange, answer body included. */
  timeoutMs: number;
  /** Aborts the request when the emulator shuts down. */
  signal: AbortSignal;
}

/** Enough of an answer body to compare with a challenge; callbacks have no reason to send more. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * POSTs to a callback URL and never throws: delivery and verification need a reason string for every failure
 * ("connection refused", "timeout", ...) to record or report. Redirects are not followed: the spec wants a 200.
 */
export async function postToCallback(
  url: string,
  body: { contentType: string; text: string },
  options: PostOptions,
): Promise<PostOutcome> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': body.contentType, 'user-agent': 'platform-emulator-webhooks' },
      body: body.text,
      redirect: 'manual',
      signal: AbortSignal.any([timeout, options.signal]),
    });
    return { kind: 'answer', status: res.status, body: (await readCappedBody(res, MAX_BODY_BYTES)).text };
  } catch (error) {
    if (timeout.aborted) return { kind: 'no-answer', reason: 'timeout' };
    if (options.signal.aborted) return { kind: 'no-answer', reason: 'aborted (emulator shutting down)' };
    return { kind: 'no-answer', reason: networkReason(error) };
  }
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed without an answer',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate not trusted',
};

/** undici wraps the socket error as `cause` of a TypeError("fetch failed"). */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : undefined;
  if (code && REASONS[code]) return REASONS[code];
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return `network error: ${code ?? message}`;
}
