import type { Clock } from '../contracts';

// `auth.accessTokenExpiry` of an add-on event: when the platform's access token for the add-on in that account runs
// out. The platform keeps one such token per account for its life and makes a new one only near its end (a guess,
// FIDELITY.md): so two events of one person on one job within that hour are the same event, byte for byte, which
// is the case a receiver must not refuse as a replay.

/** The platform's access token lifetime (the spec's 3,600 seconds). */
const LIFETIME_SECONDS = 3600;
/** A token with less than this left is replaced before it goes into an event. */
const RENEW_BEFORE_SECONDS = 300;

export function createAccessTokenExpiry(clock: Pick<Clock, 'now'>) {
  const expiries = new Map<string, number>();
  return {
    /** The expiry, in seconds since the epoch, of the account's current token for the add-on. */
    of(accountUuid: string): number {
      const now = Math.floor(clock.now() / 1000);
      const current = expiries.get(accountUuid);
      if (current !== undefined && current - now > RENEW_BEFORE_SECONDS) return current;
      const next = now + LIFETIME_SECONDS;
      expiries.set(accountUuid, next);
      return next;
    },
  };
}
