// How many requests this browser's Fieldside made to the platform today, per account: what the options page
// shows an administrator next to the account's daily limit. The platform counts per app per account and its
// day turns at midnight UTC (the emulator's guess, and the likeliest: see schedule.ts), so the count is per
// UTC day. Counted in memory on every request and written to storage now and then (never per request), so a
// stopped worker loses at most the last few seconds' count.

/** The platform's limits per app per account (PLATFORM-NOTES "Rate limits"). */
export const PLATFORM_DAILY_LIMIT = 20_000;
export const PLATFORM_PER_MINUTE_LIMIT = 180;

export type DailyUseRecord = Record<string, { day: string; count: number }>;

export interface DailyUseStore {
  get(): Promise<DailyUseRecord>;
  set(value: DailyUseRecord): Promise<void>;
}

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The next midnight UTC after `at`: when the platform's day (and its daily limit) turns. */
export function nextUtcMidnight(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

export function createDailyUse(opts: {
  store: DailyUseStore;
  now?: () => number;
  flushMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}) {
  const now = opts.now ?? Date.now;
  const flushMs = opts.flushMs ?? 5_000;
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let loaded: Promise<DailyUseRecord> | null = null;
  /** Counted since the last load or write, per account and day. */
  let unsaved = new Map<string, { day: string; count: number }>();
  let flushing = false;

  const load = () => (loaded ??= opts.store.get().catch((): DailyUseRecord => ({})));

  async function flush(): Promise<void> {
    flushing = false;
    const stored = { ...(await load()) };
    for (const [account, add] of unsaved) {
      const before = stored[account];
      stored[account] = { day: add.day, count: (before?.day === add.day ? before.count : 0) + add.count };
    }
    unsaved = new Map();
    // Only the newest few accounts: signing in to many must not grow this forever.
    const kept = Object.fromEntries(Object.entries(stored).slice(-10));
    loaded = Promise.resolve(kept);
    await opts.store.set(kept);
  }

  return {
    /** One request to the platform for the account. */
    add(accountKey: string): void {
      const day = utcDay(now());
      const current = unsaved.get(accountKey);
      unsaved.set(accountKey, { day, count: (current?.day === day ? current.count : 0) + 1 });
      if (!flushing) {
        flushing = true;
        setTimer(() => void flush().catch(() => undefined), flushMs);
      }
    },
    /** Requests made today for the account, as this browser counted them. */
    async today(accountKey: string): Promise<number> {
      const day = utcDay(now());
      const stored = (await load())[accountKey];
      const pending = unsaved.get(accountKey);
      return (stored?.day === day ? stored.count : 0) + (pending?.day === day ? pending.count : 0);
    },
    flush,
  };
}

export type DailyUse = ReturnType<typeof createDailyUse>;
