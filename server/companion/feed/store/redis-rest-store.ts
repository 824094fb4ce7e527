import { reachOverHttp } from '../../redis-commands';
import type { RedisRestClient } from '../../redis-rest/client';
import { createRestWatcher } from './redis-rest-watcher';
import { createRedisFeedStore, FEED_STORE_PURPOSE, newestId } from './redis-store';
import type { FeedStore } from './types';

// The change feed reached over HTTP (redis-rest/client.ts), for runtimes that cannot open a TCP connection to Redis:
// the same store as from Node (redis-store.ts); live pokes come from polling (redis-rest-watcher.ts).

/** How often a live stream asks whether its account's feed grew, unless told otherwise. */
export const DEFAULT_REST_POLL_MS = 1_000;

export async function createRedisRestFeedStore(opts: {
  client: RedisRestClient;
  maxEntries: number;
  now?: () => number;
  /** How often each live stream polls for new changes. */
  pollMs?: number;
}): Promise<FeedStore> {
  const redis = await reachOverHttp(opts.client, FEED_STORE_PURPOSE);
  const watcher = createRestWatcher({
    head: (key) => newestId(redis, key),
    intervalMs: opts.pollMs ?? DEFAULT_REST_POLL_MS,
  });
  return createRedisFeedStore({ redis, watcher, maxEntries: opts.maxEntries, ...(opts.now ? { now: opts.now } : {}) });
}
