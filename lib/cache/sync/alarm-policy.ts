// What the periodic alarm does for a workspace: nothing, an incremental sync, or a full refresh. Polling is the
// fallback; while the live feed is connected it brings every change, and the alarm only walks what the feed cannot
// say (allocations without a time, visits moved away, webhooks the platform never sent).

/** The background's sync alarm comes this often (entrypoints/background/sync-schedule.ts; the budget bench's too). */
export const SYNC_ALARM_PERIOD_MINUTES = 10;

/** A staff member's workspace is walked in full this often: incremental sync misses allocation changes. */
export const FULL_REFRESH_MS = 60 * 60_000;

/** While the live feed is connected it replaces polling: the periodic alarm syncs only when the last sync
 * is older than this (a safety net for changes whose webhook never came). */
export const SAFETY_NET_MS = 4 * 60 * 60_000;

/** The safety net when the feed stayed connected since the last sync (found live within FEED_LIVE_GRACE_MS of it,
 * and no break longer than that since): every change since reached the cache through the feed (a worker restarted
 * meanwhile catches up from its saved position), or its gap detection synced at once; a break is polled for. What
 * is left to catch is a webhook the platform never sent, and a customer's renamed company (no webhook): that waits
 * for the next morning's walk, or for a break of the feed (docs/api-budget.md). */
export const SAFETY_NET_UNBROKEN_MS = 12 * 60 * 60_000;

/** While the live feed is connected, a staff member's view is walked in full once a day (the morning's first
 * alarm): the feed brings new jobs and visits as they happen, and what it cannot say (an allocation without a
 * time, which has no webhook; a visit moved away from someone) waits for the next morning. */
export const LIVE_FULL_REFRESH_MS = 20 * 60 * 60_000;

export interface AlarmFacts {
  /** The workspace is a staff member's own view (impersonated), whose allocations have no edit_date. */
  staffView: boolean;
  /** When its last full refresh finished, if ever. */
  lastFullRefresh: number | null;
  /** Whether the live feed is connected now, and since when it has been without a break. */
  live: boolean;
  liveSince: number | null;
  /** When the workspace's last sync finished, if ever. */
  lastSyncedAt: number | null;
  /** How long after a sync the feed may be found live and still count as unbroken since it (FEED_LIVE_GRACE_MS). */
  graceMs: number;
  /** The morning's walk is due but waits this installation's spread (morning-spread.ts): the walk brings all that
   * an incremental sync would, so nothing runs meanwhile (the feed still brings the person's changes). */
  morningWalkWaits?: boolean;
  now: number;
}

/** What an alarm does, from what is known of the workspace. */
export function alarmAction({
  staffView,
  lastFullRefresh,
  live,
  liveSince,
  lastSyncedAt,
  graceMs,
  morningWalkWaits = false,
  now,
}: AlarmFacts): 'none' | 'incremental' | 'full' {
  const due =
    staffView && lastFullRefresh !== null && now - lastFullRefresh >= (live ? LIVE_FULL_REFRESH_MS : FULL_REFRESH_MS);
  if (due) return morningWalkWaits ? 'none' : 'full';
  if (!live) return 'incremental';
  // Found live within the grace after the sync (the morning's first alarm starts the worker and syncs before its
  // feed connects), and so ever since.
  const unbroken = liveSince !== null && lastSyncedAt !== null && liveSince - lastSyncedAt <= graceMs;
  const net = unbroken ? SAFETY_NET_UNBROKEN_MS : SAFETY_NET_MS;
  return lastSyncedAt !== null && now - lastSyncedAt < net ? 'none' : 'incremental';
}
