import { windowOf, type LimitStore, type SlotRequest } from './types';

/** Counters kept at once; beyond it the oldest are dropped (a flood of distinct keys cannot grow memory). */
const MAX_COUNTERS = 100_000;

/** Limits for a single instance. */
export function createMemoryLimitStore(): LimitStore {
  // Insertion order is window order, so the oldest counters are at the front.
  const counters = new Map<string, { window: number; count: number }>();
  const slots = new Map<string, Map<string, number>>();

  function live(key: string, now: number): Map<string, number> {
    const held = slots.get(key) ?? new Map<string, number>();
    for (const [id, until] of held) if (until <= now) held.delete(id);
    if (held.size === 0) slots.delete(key);
    return held;
  }

  return {
    async hit(key, windowMs, now) {
      const window = windowOf(now, windowMs);
      const current = counters.get(key);
      if (current && current.window === window) return ++current.count;
      counters.delete(key);
      counters.set(key, { window, count: 1 });
      for (const [old, counter] of counters) {
        if (counters.size <= MAX_COUNTERS && counter.window >= window - 1) break;
        counters.delete(old);
      }
      return 1;
    },

    async acquire(requests: readonly SlotRequest[], id, leaseMs, now) {
      const held = requests.map((r) => live(r.key, now));
      if (requests.some((r, i) => !held[i]!.has(id) && held[i]!.size >= r.cap)) return false;
      requests.forEach((r, i) => {
        held[i]!.set(id, now + leaseMs);
        slots.set(r.key, held[i]!);
      });
      return true;
    },

    async renew(keys, id, leaseMs, now) {
      for (const key of keys) {
        const held = slots.get(key);
        if (held?.has(id)) held.set(id, now + leaseMs);
      }
    },

    async release(keys, id) {
      for (const key of keys) {
        const held = slots.get(key);
        held?.delete(id);
        if (held?.size === 0) slots.delete(key);
      }
    },

    async close() {
      counters.clear();
      slots.clear();
    },
  };
}
