import { LIVE_FULL_REFRESH_MS, SYNC_ALARM_PERIOD_MINUTES } from './alarm-policy';
import type { TimesStore } from './sync-times';

// The morning's walk of a staff member's view, spread over the account's browsers. Every browser of a business
// finds its daily walk due at its first alarm of the morning, and the office's laptops are opened within minutes
// of each other: walking all at once put a quarter of the platform's minute into each of the morning's first ten
// (docs/api-budget.md). So each installation waits a spread of its own after it first found the walk due, the
// same every day (from the installation's id), at most MORNING_SPREAD_MS. Meanwhile the live feed brings the
// person's changes as ever, and a Fieldside page opened walks at once (the schedule's onViewOpened).

/** The window the morning's walks of an account are spread over. The alarm nearest the spread's end walks (alarms
 * come every SYNC_ALARM_PERIOD_MINUTES), so a browser walks at its first alarm of the morning, one period later or
 * two: a third each, at most 20 minutes after the first. */
export const MORNING_SPREAD_MS = 30 * 60_000;

const ALARM_PERIOD_MS = SYNC_ALARM_PERIOD_MINUTES * 60_000;

/** This installation's wait, in [0, MORNING_SPREAD_MS): a hash of its id (FNV-1a), so one installation waits the
 * same every morning and installations are spread evenly (their ids are digests of their keys). */
export function morningSpreadMs(installationId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < installationId.length; i++) {
    hash ^= installationId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // murmur3's finish: ids that differ only at the end still land far apart.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  hash = (hash ^ (hash >>> 16)) >>> 0;
  return Math.floor((hash / 2 ** 32) * MORNING_SPREAD_MS);
}

/** The morning's walk: the first full refresh in a day (a browser without the feed walks hourly, unspread). */
export const isMorningWalk = (lastFullRefresh: number | null, now: number): boolean =>
  lastFullRefresh !== null && now - lastFullRefresh >= LIVE_FULL_REFRESH_MS;

/** Whether the morning's walk has waited its spread, at the alarm nearest to the spread's end. */
export const spreadPassed = (spreadMs: number, dueSeenAt: number, now: number): boolean =>
  now - dueSeenAt > spreadMs - ALARM_PERIOD_MS;

const dueKey = (id: string) => `${id}#due`;

/** When this workspace's morning walk was first found due (kept beside its last full refresh, so a restarted
 * worker waits no longer), and this installation's spread. Null when no morning walk is due. */
export function createMorningSpread(deps: {
  store: TimesStore;
  installationId: (() => Promise<string | null>) | undefined;
  now: () => number;
}) {
  return async function morningWait(
    id: string,
    lastFullRefresh: number | null,
  ): Promise<{ spreadMs: number; dueSeenAt: number } | null> {
    const now = deps.now();
    if (!isMorningWalk(lastFullRefresh, now)) return null;
    const installation = (await deps.installationId?.().catch(() => null)) ?? null;
    const seen = await deps.store.get(dueKey(id));
    // A time from before the last walk belongs to an earlier morning.
    const dueSeenAt = seen !== null && lastFullRefresh !== null && seen > lastFullRefresh ? seen : now;
    if (dueSeenAt === now) await deps.store.set(dueKey(id), now);
    return { spreadMs: installation === null ? 0 : morningSpreadMs(installation), dueSeenAt };
  };
}
