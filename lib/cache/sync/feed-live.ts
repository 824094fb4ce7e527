import type { TimesStore } from './sync-times';

// Whether the live feed counts as connected for the periodic alarm (then the feed replaces polling),
// remembered across service workers: the alarm that starts a new worker fires before its feed reconnects. Also
// since when it has been so without a break, so the schedule can tell a feed that stayed connected since the last
// sync (every change since came through it, or its gap detection synced) from one that came back after a break.

/** An alarm that finds the feed not (yet) connected still counts it live when an alarm found it live this
 * recently: the browser stopped the worker, and the alarm that starts the next one fires before the feed
 * reconnects, which then catches up from its saved position. A feed truly gone is polled for at the alarm
 * after (the alarm runs every 10 minutes, so a lost feed costs at most one period of polling). */
export const FEED_LIVE_GRACE_MS = 15 * 60_000;

export interface FeedLiveness {
  live: boolean;
  /** While live: when the unbroken run of alarms that found it live began (null when not live). */
  since: number | null;
}

/** Keys kept beside the workspace's own (when an alarm last found the feed live): when the unbroken run began, and
 * when an alarm last counted the feed live by the grace (a worker just started), which keeps the run going. */
const sinceKey = (id: string) => `${id}#since`;
const countedKey = (id: string) => `${id}#counted`;

export function createFeedLiveMemory(deps: {
  feedLive?: () => boolean | Promise<boolean>;
  seen?: TimesStore;
  now: () => number;
}) {
  const get = async (key: string) => (await deps.seen?.get(key)) ?? null;
  /** Whether the feed is live now, or was at an alarm within FEED_LIVE_GRACE_MS, for this workspace (by id), and
   * since when without a break longer than that. */
  return async function liveness(id: string): Promise<FeedLiveness> {
    const at = deps.now();
    const seen = await get(id);
    const lastCounted = Math.max(seen ?? -Infinity, (await get(countedKey(id))) ?? -Infinity);
    const runGoesOn = at - lastCounted < FEED_LIVE_GRACE_MS;
    const since = runGoesOn ? ((await get(sinceKey(id))) ?? lastCounted) : at;
    if ((await deps.feedLive?.()) === true) {
      await deps.seen?.set(sinceKey(id), since);
      await deps.seen?.set(id, at);
      return { live: true, since };
    }
    if (seen !== null && at - seen < FEED_LIVE_GRACE_MS) {
      await deps.seen?.set(countedKey(id), at);
      return { live: true, since };
    }
    return { live: false, since: null };
  };
}
