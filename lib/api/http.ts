// The one place that sends requests: a configured ky instance plus auth headers, impersonation,
// the client-side limiter, one refresh-and-replay on 401, retries (retry.ts) and every failure as a
// typed error (failure.ts).
import ky, { type KyInstance } from 'ky';
import { bodyText, bufferedFetch, type FetchLike, type AttemptNotice } from './buffered-fetch';
import { ApiError, isDailyRateLimit } from './errors';
import { toApiError } from './failure';
import { createRateLimiter, type RateLimiter } from './rate-limiter';
import type { AttemptEnd, AttemptOutcome } from './throttle-gate';
import { DEFAULT_RETRY, kyRetryOptions, type RetryPolicy } from './retry';
import { uploadFetch } from './upload-fetch';

/** What the client needs from a token manager (lib/auth/token-manager.ts provides it). */
export interface AccessTokenSource {
  getAccessToken(): Promise<string>;
  /** The platform refused `failedAccessToken`: refresh unless already refreshed since; the new token. */
  onUnauthorized(failedAccessToken: string): Promise<string>;
}

export type ClientAuth = { kind: 'api_key'; apiKey: string } | { kind: 'oauth'; tokens: AccessTokenSource };

export interface HttpOptions {
  /** {base_url}, without a trailing slash: requests go to `${baseUrl}/api_1.0/...`. */
  baseUrl: string;
  auth: ClientAuth;
  impersonateStaffUuid?: string;
  /** Share one limiter per account between clients; default: a new one at 180 a minute. */
  limiter?: RateLimiter;
  fetch?: FetchLike;
  retry?: Partial<RetryPolicy>;
  /** Per attempt: how long the platform may take to start answering (status and headers). */
  timeoutMs?: number;
  /** Per attempt: how long the answer's body may go without a byte arriving. A body that keeps
   * arriving is never cut off, however large the page or slow the link (buffered-fetch.ts). */
  stallMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_STALL_MS = 30_000;

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below baseUrl, without a leading slash, query included and already encoded. */
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** The request creates a record: retried only when the platform surely wrote nothing (retry.ts). */
  createsRecord?: boolean;
  /** Bytes to send as they are (a file's), with their content type. */
  bytes?: { data: Blob; contentType: string };
  /** How much of `bytes` has gone out (only where the browser reports it: upload-fetch.ts). */
  onProgress?: (sent: number, total: number) => void;
  /** Told when an attempt has been handed to fetch (buffered-fetch.ts, AttemptNotice). */
  onSent?: () => void;
}

/** An upload may take this long per megabyte before the platform answers, on a slow mobile link (about
 * 100 KB/s), on top of the usual wait for the answer. */
const UPLOAD_MS_PER_MB = 10_000;

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or null for an empty one. */
  body: unknown;
}

/** An answer whose body is not parsed yet (see parseJsonBody): a page walk sends for the next page
 * before it parses this one. */
export interface HttpTextAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** The JSON of a body read by sendText; null for an empty one. */
export function parseJsonBody(text: string, label: string, status: number): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ApiError('ValidationError', `${label}: the answer is not JSON`, { status, cause, request: label });
  }
}

const labelOf = (spec: RequestSpec) => `${spec.method} /${spec.path.split('?')[0]}`;

export type HttpClient = ReturnType<typeof createHttp>;

export function createHttp(options: HttpOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { auth } = options;
  if (options.impersonateStaffUuid !== undefined && auth.kind === 'api_key') {
    throw new TypeError(
      'Impersonation (x-impersonate-uuid) needs OAuth: the platform does not support it with an API key. ' +
        'Connect with OAuth to act as a staff member, or create the client without impersonateStaffUuid.',
    );
  }
  const limiter = options.limiter ?? createRateLimiter();
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const fixedHeaders: Record<string, string> = { accept: 'application/json' };
  if (auth.kind === 'api_key') fixedHeaders['x-api-key'] = auth.apiKey;
  if (options.impersonateStaffUuid !== undefined) fixedHeaders['x-impersonate-uuid'] = options.impersonateStaffUuid;

  const baseFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const answerMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  const instance: KyInstance = ky.create({
    fetch: bufferedFetch(baseFetch, { answerMs, stallMs }),
    // ky's timeout would be a deadline for the whole attempt, body included: bufferedFetch times
    // the answer's start and then the body's progress instead.
    timeout: false,
    headers: fixedHeaders,
  });

  async function sendText(spec: RequestSpec): Promise<HttpTextAnswer> {
    const label = labelOf(spec);
    let usedToken: string | undefined;
    let replayed = false;
    // How the attempt under way ended, for the account's limiter (throttle-gate.ts): told once per attempt, at its
    // answer, or when the next attempt starts or the call ends without one.
    let attemptEnd: AttemptEnd | undefined;
    const attemptEnded = (outcome: AttemptOutcome) => {
      const end = attemptEnd;
      attemptEnd = undefined;
      end?.(outcome);
    };
    // A file's bytes take their time to go out before any answer can start: its own wait, and progress.
    const client = spec.bytes
      ? instance.extend({
          fetch: bufferedFetch(uploadFetch(baseFetch, spec.onProgress), {
            answerMs: answerMs + Math.ceil((spec.bytes.data.size / 1_048_576) * UPLOAD_MS_PER_MB),
            stallMs,
          }),
          headers: { 'content-type': spec.bytes.contentType },
        })
      : instance;
    // Not one of ky's options: ky hands it to its fetch, bufferedFetch. (ky's afterResponse hooks would see every
    // answer too, but each is handed a clone of the response.)
    const notice: AttemptNotice = {
      onAnswered: (status) => attemptEnded(status === 429 ? 'throttled' : 'answered'),
      ...(spec.onSent === undefined ? {} : { onRequestSent: spec.onSent }),
    };
    try {
      const response = await client(`${baseUrl}/${spec.path}`, {
        ...notice,
        method: spec.method,
        ...(spec.bytes === undefined ? {} : { body: spec.bytes.data }),
        ...(spec.json === undefined ? {} : { json: spec.json }),
        ...(spec.form === undefined ? {} : { body: new URLSearchParams(spec.form) }),
        ...(spec.signal === undefined ? {} : { signal: spec.signal }),
        retry: kyRetryOptions(policy, Date.now(), Date.now, { createsRecord: spec.createsRecord === true }),
        hooks: {
          // Runs before every attempt, retries included: each attempt counts against the limit and
          // carries the freshest token.
          beforeRequest: [
            async (request) => {
              attemptEnded('noAnswer');
              attemptEnd = await limiter.acquire(spec.signal);
              if (auth.kind === 'oauth') {
                usedToken = await auth.tokens.getAccessToken();
                request.headers.set('authorization', `Bearer ${usedToken}`);
              }
            },
          ],
          // 401 with OAuth: refresh once (single-flight in the token manager) and replay at once.
          afterResponse:
            auth.kind === 'oauth'
              ? [
                  async (_request, _options, response) => {
                    if (response.status !== 401 || replayed || usedToken === undefined) return;
                    replayed = true;
                    await auth.tokens.onUnauthorized(usedToken);
                    return ky.retry({ delay: 0 });
                  },
                ]
              : [],
        },
      });
      return { status: response.status, headers: response.headers, text: await bodyText(response) };
    } catch (error) {
      const failure = await toApiError(error, label, spec.signal);
      if (isDailyRateLimit(failure)) limiter.dailyLimitReached?.();
      throw failure;
    } finally {
      attemptEnded('noAnswer');
    }
  }

  async function send(spec: RequestSpec): Promise<HttpAnswer> {
    const answer = await sendText(spec);
    return {
      status: answer.status,
      headers: answer.headers,
      body: parseJsonBody(answer.text, labelOf(spec), answer.status),
    };
  }

  return { send, sendText, baseUrl, limiter, impersonating: options.impersonateStaffUuid };
}
