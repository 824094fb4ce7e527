import type { AddonStore } from './types';

/** Keys kept at once; beyond it the oldest expiring marks are dropped first (a flood cannot grow memory). */
const MAX_KEYS = 100_000;

/** The add-on's shared state for a single instance. */
export function createMemoryAddonStore(now: () => number = Date.now): AddonStore {
  const values = new Map<string, { value: string; until: number }>();
  const live = (key: string) => {
    const entry = values.get(key);
    if (entry && entry.until <= now()) values.delete(key);
    return values.get(key);
  };
  const trim = () => {
    if (values.size <= MAX_KEYS) return;
    for (const [key, entry] of values) {
      if (values.size <= MAX_KEYS) break;
      if (entry.until !== Infinity) values.delete(key);
    }
  };
  return {
    async get(key) {
      return live(key)?.value;
    },
    async set(key, value) {
      values.set(key, { value, until: Infinity });
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      values.set(key, { value, until: now() + ttlMs });
      trim();
      return true;
    },
    async compareAndSet(key, expected, next) {
      const entry = live(key);
      if (entry?.value !== expected) return false;
      entry.value = next;
      return true;
    },
    async compareAndDelete(key, expected) {
      if (live(key)?.value !== expected) return false;
      values.delete(key);
      return true;
    },
    async close() {
      values.clear();
    },
  };
}
