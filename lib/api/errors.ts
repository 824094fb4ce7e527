// Typed errors of the platform client. Each has a literal `name`, the HTTP `status` (null when no
// answer came back), the platform's own `message` and the original `cause`.
//
// Errors lose their prototype when they cross `runtime.sendMessage` (structured clone keeps only
// plain data), so callers test them by `name` with `isApiError()`, and the background sends them
// with `toSerializable()` / `fromSerializable()`.

export const API_ERROR_NAMES = [
  'AuthenticationError', // 401 bad credentials or expired token that a refresh could not fix
  'AccountOnHoldError', // 402 the account is not in good standing (billing): not a sign-in problem
  'MissingScopeError', // 403 missing scope, or an invalid staff uuid for impersonation
  'NotFoundError', // 404
  'RateLimitedError', // 429 after the retries ran out; at once for the daily limit (limitWindow 'day')
  'ServerError', // 5xx after the retries ran out
  'NetworkError', // no answer: DNS, refused or dropped connection, timeout
  'ValidationError', // 400 from the platform, or an answer whose shape is not what the spec says
  'SignedOutError', // a refresh refused with invalid_grant: the user must sign in again
] as const;

export type ApiErrorName = (typeof API_ERROR_NAMES)[number];

/** Which of the platform's two limits a 429 is about: 180 requests a minute or 20,000 a day, per app per account. */
export type RateLimitWindow = 'minute' | 'day';

/**
 * The limit a 429 names. The platform says which in its text only ("Number of allowed API requests per
 * minute exceeded" or "... per day exceeded"; no header). Anything not saying "per day" is taken as the
 * minute limit, the one that clears by itself soon.
 */
export function rateLimitWindowOf(platformText: string): RateLimitWindow {
  return /\bper day\b/i.test(platformText) ? 'day' : 'minute';
}

export interface ApiErrorDetails {
  status?: number | null;
  cause?: unknown;
  /** METHOD and path of the request, for messages and logs (never carries credentials). */
  request?: string;
  /** RateLimitedError: what the platform asked us to wait, when it said. */
  retryAfterMs?: number;
  /** RateLimitedError: the limit that was hit. 'day' does not clear for hours: not worth retrying soon. */
  limitWindow?: RateLimitWindow;
}

export class ApiError<N extends ApiErrorName = ApiErrorName> extends Error {
  override readonly name: N;
  readonly status: number | null;
  readonly request: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly limitWindow: RateLimitWindow | undefined;

  constructor(name: N, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = name;
    this.status = details.status ?? null;
    this.request = details.request;
    this.retryAfterMs = details.retryAfterMs;
    this.limitWindow = details.limitWindow;
  }
}

const make =
  <N extends ApiErrorName>(name: N) =>
  (message: string, details?: ApiErrorDetails): ApiError<N> =>
    new ApiError(name, message, details);

export const authenticationError = make('AuthenticationError');
export const accountOnHoldError = make('AccountOnHoldError');
export const missingScopeError = make('MissingScopeError');
export const notFoundError = make('NotFoundError');
export const rateLimitedError = make('RateLimitedError');
export const serverError = make('ServerError');
export const networkError = make('NetworkError');
export const validationError = make('ValidationError');
export const signedOutError = make('SignedOutError');

/** True for a client error of that name (or of any name), with or without its prototype. */
export function isApiError<N extends ApiErrorName>(error: unknown, name?: N): error is ApiError<N> {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = (error as { name?: unknown }).name;
  if (typeof candidate !== 'string' || !(API_ERROR_NAMES as readonly string[]).includes(candidate)) return false;
  return name === undefined || candidate === name;
}

/** The platform's daily limit for the account is used up (also on a serialized error, prototype lost). */
export function isDailyRateLimit(error: unknown): error is ApiError<'RateLimitedError'> {
  return isApiError(error, 'RateLimitedError') && (error as { limitWindow?: unknown }).limitWindow === 'day';
}

/** Errors worth trying again soon (the client already retried them a few times). Not the daily limit:
 * it stays until the platform's day turns. */
export function isRetryable(error: unknown): boolean {
  if (isDailyRateLimit(error)) return false;
  return isApiError(error, 'NetworkError') || isApiError(error, 'ServerError') || isApiError(error, 'RateLimitedError');
}

export interface SerializedApiError {
  kind: 'fieldside-api-error';
  name: ApiErrorName;
  message: string;
  status: number | null;
  request?: string;
  retryAfterMs?: number;
  limitWindow?: RateLimitWindow;
  /** The cause reduced to text: causes are often not cloneable (Response, Request). */
  cause?: string;
}

/** A plain object safe for structured clone. Any error becomes one, so nothing is lost on the way. */
export function toSerializable(error: unknown): SerializedApiError {
  if (isApiError(error)) {
    const e = error as ApiError;
    return {
      kind: 'fieldside-api-error',
      name: e.name,
      message: e.message,
      status: e.status ?? null,
      ...(e.request === undefined ? {} : { request: e.request }),
      ...(e.retryAfterMs === undefined ? {} : { retryAfterMs: e.retryAfterMs }),
      ...(e.limitWindow === undefined ? {} : { limitWindow: e.limitWindow }),
      ...(e.cause === undefined ? {} : { cause: describeCause(e.cause) }),
    };
  }
  // Not one of ours (most likely a bug): keep its text rather than swallow it, under the generic
  // "something failed on the way" name.
  return {
    kind: 'fieldside-api-error',
    name: 'ServerError',
    message: error instanceof Error ? error.message : String(error),
    status: null,
    cause: describeCause(error),
  };
}

export function isSerializedApiError(value: unknown): value is SerializedApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'fieldside-api-error' &&
    isApiError(value)
  );
}

export function fromSerializable(value: SerializedApiError): ApiError {
  return new ApiError(value.name, value.message, {
    status: value.status,
    ...(value.request === undefined ? {} : { request: value.request }),
    ...(value.retryAfterMs === undefined ? {} : { retryAfterMs: value.retryAfterMs }),
    ...(value.limitWindow === undefined ? {} : { limitWindow: value.limitWindow }),
    ...(value.cause === undefined ? {} : { cause: value.cause }),
  });
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
    return `${cause.name}: ${cause.message}${inner}`;
  }
  return typeof cause === 'string' ? cause : (JSON.stringify(cause) ?? String(cause));
}
