// Whether an account activated Fieldside, as the webhook intake asks it: once for every delivery to a callback URL,
// and in a burst many times a second for one account, each a read of the shared store (the account's kept grant) that
// a notification waits for. The answer "not activated" is kept in this instance for NOT_ACTIVATED_KEPT_MS; "activated"
// is always read again (an account that disabled the add-on takes its deliveries at once: a 410 would make the
// platform delete its subscription).
//
// Why a stale "not activated" is safe: an activation through this instance forgets the account's answer at once
// (`forget`); one through another instance is seen here within NOT_ACTIVATED_KEPT_MS. Until then a delivery is taken
// as it was before the activation: a bare poke, read by nobody at the platform, showing nobody anything (clients read
// the record with their own token); the 410 that makes the platform remove the subscription comes with a delivery
// after the bound, and the companion removes its own subscriptions of the account when it activates anyway. A delivery
// is already asynchronous to the activation (one sent before it may arrive after), so the bound only widens a window
// the platform's own retries have.

/** How long an instance keeps an account's "not activated": well under the platform's retry interval. */
export const NOT_ACTIVATED_KEPT_MS = 1_000;

/** Accounts whose answer is kept at once; the oldest are dropped first. */
const KEPT_ACCOUNTS = 10_000;

export function keepNotActivated(
  activated: (account: string) => Promise<boolean>,
  /** A monotonic clock in ms (real time: the bound is about other instances, not a simulated day). */
  clock: () => number = () => performance.now(),
) {
  // Insertion order is age: an answer is re-inserted when read again.
  const notActivatedUntil = new Map<string, number>();
  // A read that began before a `forget` must not keep its (older) answer.
  let forgets = 0;

  return {
    async activated(account: string): Promise<boolean> {
      const until = notActivatedUntil.get(account);
      if (until !== undefined && until > clock()) return false;
      const askedAt = clock();
      const forgetsBefore = forgets;
      const yes = await activated(account);
      notActivatedUntil.delete(account);
      if (!yes && forgets === forgetsBefore) {
        notActivatedUntil.set(account, askedAt + NOT_ACTIVATED_KEPT_MS);
        if (notActivatedUntil.size > KEPT_ACCOUNTS) notActivatedUntil.delete(notActivatedUntil.keys().next().value!);
      }
      return yes;
    },
    /** The account was just activated through this instance. */
    forget(account: string): void {
      forgets++;
      notActivatedUntil.delete(account);
    },
  };
}
