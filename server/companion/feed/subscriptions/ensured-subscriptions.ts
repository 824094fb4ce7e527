import type { Uuid } from '../../../../contracts/uuid';
import type { RefusedSubscription } from './subscriptions';

// What this companion last made sure of, per account: the subscriptions point at this callback URL and none
// was refused. An administrator's browser registers on every sign-in and "who are you", and listing the
// platform's subscriptions each time spends the account's shared request budget for nothing; so a register
// within `recheckMs` of a complete ensure answers from here. A rotation changes the callback URL (so it is
// ensured again), a refused subscription is remembered only for an hour (new scopes may let it through), and after
// `recheckMs` the list is read again, which repairs one the platform deactivated meanwhile.

//
// It also remembers which administrator's register last ensured them, for three days (a weekend): when the subscriptions are due a
// check, every browser of the account registers within minutes of the morning, and only an administrator's does
// anything; while that administrator is known, the others' registers wait for theirs instead of each asking the
// platform their role (two requests each).

const MAX_ACCOUNTS = 10_000;
/** A refusal is checked again sooner: a grant with more scopes may let the subscription through. */
const REFUSED_RECHECK_MS = 3_600_000;
const ADMINISTRATOR_KEPT_MS = 3 * 24 * 3_600_000;

export function createEnsuredSubscriptions(opts: { recheckMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const ensured = new Map<string, { callbackUrl: string; at: number; recheckMs: number; administrator?: Uuid }>();
  return {
    /** Whether the account's subscriptions were ensured for this callback URL recently enough. */
    fresh(account: string, callbackUrl: string): boolean {
      const known = ensured.get(account);
      return known !== undefined && known.callbackUrl === callbackUrl && now() - known.at < known.recheckMs;
    },
    /** The administrator whose register ensured them last, within three days. */
    administrator(account: string): Uuid | undefined {
      const known = ensured.get(account);
      return known !== undefined && now() - known.at < ADMINISTRATOR_KEPT_MS ? known.administrator : undefined;
    },
    /** The administrator is one no longer: from now on every register asks its caller's role again. */
    forgetAdministrator(account: string): void {
      const known = ensured.get(account);
      if (known) delete known.administrator;
    },
    /** After an ensure by `administrator`; one with a refusal is checked again within the hour, unless the grant
     * cannot have changed before `refusedRecheckMs` (the account's kept tokens change only at activation). */
    remember(
      account: string,
      callbackUrl: string,
      refused: readonly RefusedSubscription[],
      administrator: Uuid,
      refusedRecheckMs = REFUSED_RECHECK_MS,
    ): void {
      ensured.delete(account);
      const recheckMs = refused.length > 0 ? Math.min(opts.recheckMs, refusedRecheckMs) : opts.recheckMs;
      ensured.set(account, { callbackUrl, at: now(), recheckMs, administrator });
      if (ensured.size > MAX_ACCOUNTS) ensured.delete(ensured.keys().next().value!);
    },
  };
}

export type EnsuredSubscriptions = ReturnType<typeof createEnsuredSubscriptions>;
