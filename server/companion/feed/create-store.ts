import type { CompanionConfig } from '../config';
import { createMemoryFeedStore } from './memory-store';
import { createRedisFeedStore } from './redis-store';
import type { FeedStore } from './types';

/** Redis Streams when REDIS_URL is set (several instances), otherwise memory (one instance). */
export function createFeedStore(config: Pick<CompanionConfig, 'redisUrl' | 'feedMaxEntries'>): Promise<FeedStore> {
  return config.redisUrl
    ? createRedisFeedStore({ url: config.redisUrl, maxEntries: config.feedMaxEntries })
    : Promise.resolve(createMemoryFeedStore({ maxEntries: config.feedMaxEntries }));
}
