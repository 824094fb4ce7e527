// Sync failures in words, for the sync state the popup and options page show, and which of them are worth
// retrying soon. The original error is still thrown to the caller: this is the description, not a way to
// swallow it.
import { isApiError, isDailyRateLimit } from '../../api/errors';

/** True for IndexedDB's "out of space" error, whatever wraps it. */
export function isQuotaExceeded(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && (e as { name?: unknown }).name === 'QuotaExceededError') return true;
  }
  return false;
}

export function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

export function describeSyncError(error: unknown): string {
  if (isQuotaExceeded(error)) {
    return 'The browser has no storage space left for the offline job cache (quota exceeded). Free some disk space; the next sync goes on from where this one stopped.';
  }
  if (isAbort(error)) return 'The sync was stopped before it finished; the next sync goes on from where it stopped.';
  if (isApiError(error, 'NetworkError'))
    return `The platform could not be reached, so the cache may be out of date (${error.message}).`;
  if (isApiError(error, 'AuthenticationError') || isApiError(error, 'SignedOutError')) {
    return `The platform no longer accepts our sign-in; sign in again to sync (${error.message}).`;
  }
  if (isApiError(error, 'AccountOnHoldError')) {
    return `The platform has put the account on hold (its billing needs attention), so Fieldside cannot sync. The jobs already synced stay available; ask the account's administrator, and Fieldside goes on by itself once the account is back (${error.message}).`;
  }
  if (isApiError(error, 'MissingScopeError')) return `Fieldside lacks a permission the sync needs (${error.message}).`;
  if (isDailyRateLimit(error)) {
    return (
      "The account has used up the platform's daily allowance of requests (shared by everyone in the account who uses Fieldside), so the sync stopped. " +
      `The jobs already synced stay available. Fieldside holds back its automatic syncs and checks again about once an hour until the platform's day turns (${error.message}).`
    );
  }
  if (isApiError(error, 'RateLimitedError'))
    return `The platform asked us to slow down; the sync will try again later (${error.message}).`;
  if (isApiError(error, 'ServerError'))
    return `The platform had an error; the sync will try again later (${error.message}).`;
  if (isApiError(error)) return `The platform sent an answer the sync could not use (${error.message}).`;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `The sync failed: ${text}`;
}

/** Failures worth retrying soon by ourselves: the platform or the network will likely come back. */
export function isPassing(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const kind = (error as { kind?: unknown } | null)?.kind;
  const passing = ['NetworkError', 'ServerError', 'RateLimitedError', 'TimeoutError'];
  return passing.includes(String(kind)) || passing.includes(String(name));
}
