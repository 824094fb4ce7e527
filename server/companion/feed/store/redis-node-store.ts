import { commandsOver, connectRedis } from '../../redis-connection';
import { createRedisWatcher } from './redis-watcher';
import { createRedisFeedStore, FEED_STORE_PURPOSE } from './redis-store';
import type { FeedStore } from './types';

// The change feed reached from Node over Redis's own protocol (ioredis): the same store as over HTTP
// (redis-store.ts); live pokes come from one blocking read per instance, on its own connection (redis-watcher.ts).

export async function connectRedisFeedStore(opts: {
  url: string;
  maxEntries: number;
  now?: () => number;
}): Promise<FeedStore> {
  const main = await connectRedis(opts.url, FEED_STORE_PURPOSE);
  const reader = main.duplicate();
  reader.on('error', () => {});
  return createRedisFeedStore({
    redis: commandsOver(main),
    watcher: createRedisWatcher(main, reader),
    maxEntries: opts.maxEntries,
    ...(opts.now ? { now: opts.now } : {}),
  });
}
