import type { TimesStore } from './sync-times';

// Whether the live feed counts as connected for the periodic alarm (then the feed replaces polling, issue 18),
// remembered across service workers: the alarm that starts a new worker fires before its feed reconnects.

/** An alarm that finds the feed not (yet) connected still counts it live when an alarm found it live this
 * recently: the browser stopped the worker, and the alarm that starts the next one fires before the feed
 * reconnects, which then catches up from its saved position. A feed truly gone is polled for at the alarm
 * after (the alarm runs every 10 minutes, so a lost feed costs at most one period of polling). */
export const FEED_LIVE_GRACE_MS = 15 * 60_000;

export function createFeedLiveMemory(deps: {
  feedLive?: () => boolean | Promise<boolean>;
  seen?: TimesStore;
  now: () => number;
}) {
  /** Whether the feed is live now, or was at an alarm within FEED_LIVE_GRACE_MS, for this workspace (by id). */
  return async function countsLive(id: string): Promise<boolean> {
    if ((await deps.feedLive?.()) === true) {
      await deps.seen?.set(id, deps.now());
      return true;
    }
    const seen = (await deps.seen?.get(id)) ?? null;
    return seen !== null && deps.now() - seen < FEED_LIVE_GRACE_MS;
  };
}
