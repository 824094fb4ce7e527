import { browser } from 'wxt/browser';
import { createFeedClient } from '@/lib/live-updates/feed-client';
import { createFeedService, type FeedService } from '@/lib/live-updates/feed-service';
import type { ActiveView, LiveHub } from '@/lib/workspace/workspace';
import type { TokenKeeper } from '@/lib/auth/token-keeper';
import { FeedPositionSchema, feedPositionItem, readConnection, readSession, sessionItem } from '@/lib/settings/items';

// Live updates from the platform's webhooks, through the companion's change feed (lib/feed). This
// file only wires it: the feed wakes on worker start, on sign-in (the stored session changes), on
// an alarm every few minutes and when the browser comes back online; it stops on sign-out.

export const FEED_ALARM = 'fieldside-feed-wake';
const FEED_ALARM_MINUTES = 3;

export interface FeedWiring {
  tokens: TokenKeeper;
  view: ActiveView;
  hub: LiveHub;
}

export function startFeed({ tokens, view, hub }: FeedWiring): FeedService {
  const feed = createFeedService({
    feed: createFeedClient({
      companionUrl: async () => (await readConnection()).companionUrl,
      accessToken: () => tokens.getAccessToken(),
    }),
    // The feed is per account, so it runs as soon as an OAuth session exists (before "who are you");
    // re-reading a record then waits for the view, which impersonates the staff member in view.
    scope: async () => {
      const s = await readSession();
      return s ? { accountUuid: s.account.uuid, mode: s.mode } : null;
    },
    target: {
      client: () => view.client(),
      upsertJobs: (jobs) => view.upsertJobs(jobs),
      broadcast: (event) => hub.broadcast(event),
    },
    loadPosition: async () => {
      const parsed = FeedPositionSchema.nullable().safeParse(await feedPositionItem.getValue());
      return parsed.success ? parsed.data : null;
    },
    savePosition: (saved) => feedPositionItem.setValue(saved),
  });

  const wake = () => void feed.wake();
  sessionItem.watch((next, previous) => {
    if (!next) void feed.reset();
    else if (next.account.uuid !== previous?.account.uuid || next.mode !== previous?.mode) wake();
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === FEED_ALARM) wake();
  });
  void browser.alarms.get(FEED_ALARM).then((existing) => {
    if (!existing) void browser.alarms.create(FEED_ALARM, { periodInMinutes: FEED_ALARM_MINUTES });
  });
  globalThis.addEventListener('online', wake);
  wake();
  return feed;
}
