// The field-work services' errors, and which platform errors mean "no signal".
import { isApiError } from '../api/errors';

export class NoStaffMemberError extends Error {
  override readonly name = 'NoStaffMemberError';
  constructor(message = 'Sign in and choose who you are first') {
    super(message);
  }
}

/** Errors that mean "the platform cannot be reached now": the services answer from what they kept. */
export function isOffline(error: unknown): boolean {
  return isApiError(error, 'NetworkError') || isApiError(error, 'ServerError') || isApiError(error, 'RateLimitedError');
}

/** Of those, whose doing it is: the person's network, or the platform (so a page never says "offline" when the
 * platform refused, as it does once the account's daily limit is used up). */
export function keptBecause(error: unknown): 'offline' | 'platform' {
  return isApiError(error, 'NetworkError') ? 'offline' : 'platform';
}
