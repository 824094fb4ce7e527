// Every failure of a request as the typed error callers handle (errors.ts): the platform's status and its own
// message, the limit a 429 names, a refresh that did not help, a body that stopped arriving, no answer at all.
import { HTTPError } from 'ky';
import { bodyText } from './buffered-fetch';
import { ApiError, isApiError, rateLimitWindowOf, type ApiErrorDetails } from './errors';
import { isNoProgressError } from './progress-timeout';
import { PlatformErrorBodySchema } from './schemas';

export async function toApiError(error: unknown, label: string, signal: AbortSignal | undefined): Promise<unknown> {
  if (isApiError(error)) return error;
  // The caller's abort is not a platform failure: hand back the signal's own reason.
  if (signal?.aborted) return signal.reason;
  const details: ApiErrorDetails = { cause: error, request: label };
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const message = await platformMessage(error.response);
    details.status = status;
    const text = `${label}: ${status} ${message}`;
    if (status === 401) return new ApiError('AuthenticationError', text, details);
    // The account is not in good standing (PLATFORM-NOTES): signing in again would not help.
    if (status === 402) return new ApiError('AccountOnHoldError', text, details);
    if (status === 403) return new ApiError('MissingScopeError', text, details);
    if (status === 404) return new ApiError('NotFoundError', text, details);
    if (status === 429) {
      const after = Number(error.response.headers.get('retry-after'));
      if (Number.isFinite(after) && after > 0) details.retryAfterMs = after * 1000;
      details.limitWindow = rateLimitWindowOf(message);
      // Not retried (retry.ts): say so, since the platform's own text does not.
      const daily =
        details.limitWindow === 'day'
          ? " (the account's daily request limit is used up: it clears when the platform's day turns, not in a minute)"
          : '';
      return new ApiError('RateLimitedError', `${text}${daily}`, details);
    }
    if (status >= 500) return new ApiError('ServerError', text, details);
    return new ApiError('ValidationError', text, details);
  }
  if (error instanceof Error && error.name === 'ForceRetryError') {
    return new ApiError('AuthenticationError', `${label}: still unauthorised after a token refresh`, {
      ...details,
      status: 401,
    });
  }
  if (isNoProgressError(error)) return new ApiError('NetworkError', `${label}: ${error.message}`, details);
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiError('NetworkError', `${label}: no answer from the platform (${reason})`, details);
}

/** The platform's `message` from an error body, or the status text when the body has none. */
async function platformMessage(response: Response): Promise<string> {
  try {
    const text = await bodyText(response);
    const parsed = PlatformErrorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.message;
    return text.slice(0, 200) || response.statusText;
  } catch {
    return response.statusText;
  }
}
