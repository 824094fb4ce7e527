// How long a notification's dedup key is remembered: the platform retries a delivery for up to
// 72 hours, so a retry of something already appended can arrive that late. An hour of margin.
export const DEDUP_TTL_SECONDS = 73 * 3600;

/** Dropped queue slots kept before the queue is compacted (amortised: only once they are half of it). */
const COMPACT_AFTER = 1024;

/**
 * A bounded set of recently seen keys with a fixed time to live, for one account in memory.
 *
 * The order keys were remembered in (the oldest expire first) is kept in a queue beside the map, not by the map's
 * own insertion order: V8 leaves a deleted Map entry's slot in place until the table is rebuilt, so reading the
 * oldest entry after deleting from the front skips every slot deleted before it. At the window's 20,000 keys that
 * walk cost 12 µs a notification, the memory store's largest cost in the intake benchmark (2026-12-01); the queue
 * makes dropping the oldest O(1).
 */
export function createDedupWindow(opts: { maxKeys: number; ttlMs: number; now: () => number }) {
  /** Each remembered key's expiry. */
  const seen = new Map<string, number>();
  /** Keys as remembered, oldest first from `head`, each beside the expiry it was remembered with: a slot whose
   * expiry is no longer its key's (the key expired and was remembered again later) is stale, dropped unread. */
  let keys: string[] = [];
  let expiries: number[] = [];
  let head = 0;

  function prune(now: number): void {
    while (head < keys.length) {
      const key = keys[head]!;
      const expires = expiries[head]!;
      if (expires > now && seen.size <= opts.maxKeys) break;
      head++;
      if (seen.get(key) === expires) seen.delete(key);
    }
    if (head >= COMPACT_AFTER && head * 2 >= keys.length) {
      keys = keys.slice(head);
      expiries = expiries.slice(head);
      head = 0;
    }
  }

  return {
    /** Whether the key was seen within the window (remembers nothing). */
    has(key: string): boolean {
      const expires = seen.get(key);
      return expires !== undefined && expires > opts.now();
    },

    /** True when the key is new (and remembers it), false when it was seen within the window. */
    add(key: string): boolean {
      const now = opts.now();
      const expires = seen.get(key);
      if (expires !== undefined && expires > now) return false;
      const until = now + opts.ttlMs;
      seen.set(key, until);
      keys.push(key);
      expiries.push(until);
      prune(now);
      return true;
    },
  };
}
