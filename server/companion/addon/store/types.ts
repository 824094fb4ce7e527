// What the add-on keeps that every companion instance must share: each account's sealed tokens, the short lock that
// lets one instance at a time refresh them, the one-time marks of spent pairing nonces and activation tickets, the
// state each sign-in code was first handed on with (oauth/routes.ts), the answer to a refresh for a minute, for a
// retry whose first answer was lost (oauth/refresh-replay.ts); and,
// for the feed, whose browsers were online lately and who may see new jobs (feed/visibility/staff-knowledge.ts), and which
// instance checks an account's subscriptions (feed/subscriptions/account-subscriptions.ts).
// Three implementations keep the same words: memory (one instance), Redis (REDIS_URL, several Node instances) and
// Redis over HTTP (REDIS_REST_URL, edge isolates), chosen like the feed's and the limits' stores (../../stores.ts).

export interface AddonStore {
  get(key: string): Promise<string | undefined>;
  /** Sets the value, replacing any (no expiry). */
  set(key: string, value: string): Promise<void>;
  /** Sets the value only when the key holds none, expiring after `ttlMs`: whether it did. The one atomic step
   * behind "spent once" and "one holder of a lock". */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Replaces the value only while it is still `expected` (nobody wrote in between): whether it did. */
  compareAndSet(key: string, expected: string, next: string): Promise<boolean>;
  /** Deletes the key only while it still holds `expected`: whether it did. */
  compareAndDelete(key: string, expected: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Every key lives under one prefix, apart from the feed's and the limits' keys. */
export const addonKey = (
  kind: 'tokens' | 'refresh-lock' | 'refreshed' | 'pairing' | 'staff' | 'subscriptions-checked' | 'code' | 'ticket',
  id: string,
): string => `fieldside:addon:${kind}:${id}`;
