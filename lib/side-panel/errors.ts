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
