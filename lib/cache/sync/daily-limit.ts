import { nextUtcMidnight } from '../../api/daily-use';
import type { WorkspaceKey } from '../../settings/workspace-key';
import type { TimesStore } from './sync-times';

// The platform's daily limit (20,000 requests per app per account, shared by every Fieldside user of the
// account) is the one failure that waiting minutes cannot fix: after it, the automatic syncs hold back (the
// hold is stored, since the worker is usually stopped between two alarms), and every page is told until when.

/** Longest hold on automatic syncs after the daily limit: then one alarm sync checks whether it cleared. */
export const DAILY_LIMIT_RECHECK_MS = 60 * 60_000;

/**
 * When automatic syncs may run again after hitting the daily limit at `at`: the next midnight UTC or an
 * hour later, whichever comes first. The platform does not say when its day starts; midnight UTC is
 * the likeliest guess (and the emulator's), and an hourly check finds the new day within the hour
 * whatever the boundary, for a few requests an hour, where "wait a whole day" could leave the cache
 * stale for most of one.
 */
export function dailyLimitHoldUntil(at: number): number {
  return Math.min(nextUtcMidnight(at), at + DAILY_LIMIT_RECHECK_MS);
}

/** The daily limit is per app per account: every workspace (staff member) of the account shares the hold. */
function holdKey(key: WorkspaceKey): string {
  return [key.mode, key.baseUrl, key.accountUuid].join('|');
}

export function createDailyLimitHold(opts: { store: TimesStore; now: () => number }) {
  /** The last answer of until(), for pushes that cannot wait on storage. */
  let limitedUntil: number | null = null;
  const held = async (key: WorkspaceKey) => (await opts.store.get(holdKey(key))) ?? 0;

  return {
    /** Whether automatic syncs of the account hold back now. */
    holds: async (key: WorkspaceKey): Promise<boolean> => opts.now() < (await held(key)),
    /** The platform said "per day". */
    async reached(key: WorkspaceKey): Promise<void> {
      await opts.store.set(holdKey(key), dailyLimitHoldUntil(opts.now()));
      limitedUntil = nextUtcMidnight(opts.now());
    },
    /** The platform answered again. True when a hold was lifted (the pages must be told). */
    async clear(key: WorkspaceKey): Promise<boolean> {
      const was = limitedUntil !== null;
      limitedUntil = null;
      if ((await held(key)) !== 0) await opts.store.set(holdKey(key), 0);
      return was;
    },
    /** What pages are told: while the hold lasts, the platform's next day (midnight UTC), when the
     * account's requests are allowed again; otherwise null. */
    async until(key: WorkspaceKey | null): Promise<number | null> {
      limitedUntil = key && opts.now() < (await held(key)) ? nextUtcMidnight(opts.now()) : null;
      return limitedUntil;
    },
    known: (): number | null => limitedUntil,
  };
}
