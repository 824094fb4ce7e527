// Retry policy of the platform client, expressed as ky retry configuration: exponential backoff
// with full jitter on 429, 5xx, timeouts (no answer, or a body that stopped arriving:
// buffered-fetch.ts) and network errors (refused or dropped connections),
// bounded in attempts and in total time, honouring Retry-After when the platform sends one.
// The daily-limit 429 is the exception: it fails at once (retrying for a minute cannot clear it).
import { HTTPError, type RetryOptions } from 'ky';
import { bodyText } from './buffered-fetch';
import { isApiError, rateLimitWindowOf } from './errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  /** First backoff ceiling; doubles on each retry, randomised between 0 and it (full jitter). */
  baseDelayMs: number;
  /** Ceiling of one backoff. */
  maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt. */
  maxTotalMs: number;
  /** A Retry-After longer than this gives up instead of waiting. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  limit: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxTotalMs: 60_000,
  maxRetryAfterMs: 65_000,
};

export const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];

/**
 * ky retry options for one call, started at `startedAt` (the total-time bound is per call).
 *
 * POST is retried too where it is idempotent: updates set fields to values; webhook "add or modify"
 * is keyed by `unique_id`. A create is not known to be: what the platform does with a repeated
 * record uuid is documented nowhere (it may update, refuse, or make a second record), so a call that
 * `createsRecord` is retried only after an answer that proves nothing was written (429: a refused
 * request is not carried out). After a lost answer, a timeout or a 5xx it fails, and its caller
 * looks for the record before sending it again (lib/outbox/apply.ts).
 */
export function kyRetryOptions(
  policy: RetryPolicy,
  startedAt: number,
  now: () => number = Date.now,
  call: { createsRecord?: boolean } = {},
): RetryOptions {
  return {
    limit: policy.limit,
    methods: ['get', 'put', 'delete', 'post', 'head'],
    statusCodes: RETRY_STATUS_CODES,
    afterStatusCodes: [429, 503],
    maxRetryAfter: policy.maxRetryAfterMs,
    backoffLimit: policy.maxDelayMs,
    delay: (attempt) => policy.baseDelayMs * 2 ** (attempt - 1),
    jitter: true,
    retryOnTimeout: true,
    shouldRetry: async ({ error }) => {
      // Our own errors (signed out, a refused refresh, a bad answer) are final; so is the caller's abort.
      if (isApiError(error) || error.name === 'AbortError') return false;
      if (now() - startedAt > policy.maxTotalMs) return false;
      if (await isDailyLimitAnswer(error)) return false;
      if (call.createsRecord && !(error instanceof HTTPError && error.response.status === 429)) return false;
      return undefined; // ky's rules: the status codes above, network errors and timeouts
    },
  };
}

/** A 429 whose text names the daily limit. The body is read without using it up: http.ts reads it again
 * for the error's message (bufferedFetch keeps it aside; any other Response is cloned first). */
async function isDailyLimitAnswer(error: Error): Promise<boolean> {
  if (!(error instanceof HTTPError) || error.response.status !== 429) return false;
  const response = error.response.body === null ? error.response : error.response.clone();
  try {
    return rateLimitWindowOf(await bodyText(response)) === 'day';
  } catch {
    return false;
  }
}
