import { createFeedClient } from '@/lib/live-updates/feed-client';
import { createFeedService, type FeedService } from '@/lib/live-updates/feed-service';
import type { Workspace } from '@/lib/workspace/workspace';
import type { TokenKeeper } from '@/lib/auth/token-keeper';
import { feedPositionItem, sessionItem } from '@/lib/settings/items';
import { readConnection, readSession } from '@/lib/settings/validated-reads';
import { ensurePeriodicAlarm } from './alarms';
import type { LiveHub } from '@/lib/messaging/live-hub';
import { FeedPositionSchema } from '@/lib/settings/schemas';
import type { ApplyTarget } from '@/lib/live-updates/apply-changes';

// Live updates from the platform's webhooks, through the companion's change feed (lib/live-updates).
// This file only wires it: the feed wakes on worker start, on sign-in (the stored session changes, "who
// are you" and pairing included: the pass then names the person), on its alarm every few minutes
// (alarms.ts) and when the browser comes back online; it stops on sign-out. Changes the feed no longer holds
// are brought in by one incremental sync.

const FEED_WAKE_MINUTES = 3;

export interface FeedWiring {
  tokens: TokenKeeper;
  workspace: Workspace;
  /** `size()`: open pages (side panels, popups, options, content scripts) connected to it. */
  hub: LiveHub & { size(): number };
  /** One incremental sync of the workspace in view. */
  resync: () => Promise<unknown>;
  /** Told of each batch applied, with the jobs held before it (being told of work: work-notices.ts). */
  observe?: ApplyTarget['observe'];
}

export function startFeed({ tokens, workspace, hub, resync, observe }: FeedWiring): FeedService {
  const feed = createFeedService({
    feed: createFeedClient({
      companionUrl: async () => (await readConnection()).companionUrl,
      accessToken: () => tokens.getAccessToken(),
      pass: (accessToken) => tokens.passFor(accessToken),
      renew: (failed) => tokens.onUnauthorized(failed),
    }),
    // The feed is per account, so it runs as soon as an OAuth session exists (before "who are you");
    // re-reading a record then waits for the workspace, which impersonates the staff member in view.
    account: async () => {
      const s = await readSession();
      return s
        ? {
            accountUuid: s.account.uuid,
            mode: s.mode,
            scopes: s.scopes,
            staffUuid: s.me?.uuid ?? null,
            verified: s.meSource === 'platform',
          }
        : null;
    },
    resync,
    target: {
      client: () => workspace.client(),
      upsertJobs: (jobs) => workspace.upsertJobs(jobs),
      broadcast: (event) => hub.broadcast(event),
      // A change is re-read only by browsers that hold the job (the budget is the account's, shared by all).
      holds: async (uuids) => {
        const cache = await workspace.cache();
        const held = await Promise.all(uuids.map((uuid) => cache.getJob(uuid, { includeInactive: true })));
        return new Map(held.flatMap((job) => (job ? [[job.uuid, job.edit_date] as const] : [])));
      },
      // Notes are not cached: only an open page shows one.
      showsNotes: () => hub.size() > 0,
      ...(observe ? { observe } : {}),
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
    else if (
      next.account.uuid !== previous?.account.uuid ||
      next.mode !== previous?.mode ||
      next.scopes.join(' ') !== previous?.scopes.join(' ') ||
      next.me?.uuid !== previous?.me?.uuid ||
      next.meSource !== previous?.meSource
    ) {
      wake();
    }
  });
  void ensurePeriodicAlarm('feedWake', FEED_WAKE_MINUTES);
  globalThis.addEventListener('online', wake);
  wake();
  return feed;
}
