import type { RefusedSubscription } from './subscriptions';

// What this companion last made sure of, per account: the subscriptions point at this callback URL and none
// was refused. An administrator's browser registers on every sign-in and "who are you", and listing the
// platform's subscriptions each time spends the account's shared request budget for nothing; so a register
// within `recheckMs` of a complete ensure answers from here. A rotation changes the callback URL (so it is
// ensured again), a refused subscription is never remembered (new scopes may let it through), and after
// `recheckMs` the list is read again, which repairs one the platform deactivated meanwhile.

const MAX_ACCOUNTS = 10_000;

export function createEnsuredSubscriptions(opts: { recheckMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const ensured = new Map<string, { callbackUrl: string; at: number }>();
  return {
    /** Whether the account's subscriptions were ensured for this callback URL recently enough. */
    fresh(account: string, callbackUrl: string): boolean {
      const known = ensured.get(account);
      return known !== undefined && known.callbackUrl === callbackUrl && now() - known.at < opts.recheckMs;
    },
    /** After an ensure: remembered only when nothing was refused. */
    remember(account: string, callbackUrl: string, refused: readonly RefusedSubscription[]): void {
      ensured.delete(account);
      if (refused.length > 0) return;
      ensured.set(account, { callbackUrl, at: now() });
      if (ensured.size > MAX_ACCOUNTS) ensured.delete(ensured.keys().next().value!);
    },
  };
}
