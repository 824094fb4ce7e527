// How long a notification's dedup key is remembered: the platform retries a delivery for up to
// 72 hours, so a retry of something already appended can arrive that late. An hour of margin.
export const DEDUP_TTL_SECONDS = 73 * 3600;

/**
 * A bounded set of recently seen keys with a fixed time to live, for one account in memory.
 * Keys are kept in insertion order, so the oldest (first to expire) are always at the front.
 */
export function createDedupWindow(opts: { maxKeys: number; ttlMs: number; now: () => number }) {
  const seen = new Map<string, number>();

  function prune(now: number): void {
    for (const [key, expires] of seen) {
      if (expires > now && seen.size <= opts.maxKeys) break;
      seen.delete(key);
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
      seen.delete(key);
      seen.set(key, now + opts.ttlMs);
      prune(now);
      return true;
    },
  };
}
