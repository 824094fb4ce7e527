import type { CompanionConfig } from '../../config';
import { createMemoryFeedStore } from './memory-store';
import type { FeedStore } from './types';

/**
 * Redis Streams when REDIS_URL is set (several instances), otherwise memory (one instance). The Redis store, and
 * with it ioredis, is imported only then: a companion without Redis (one instance, an edge runtime with its own
 * store) never loads the client library or the Node built-ins it needs.
 */
export async function createFeedStore(
  config: Pick<CompanionConfig, 'redisUrl' | 'feedMaxEntries'>,
): Promise<FeedStore> {
  if (!config.redisUrl) return createMemoryFeedStore({ maxEntries: config.feedMaxEntries });
  const { connectRedisFeedStore } = await import('./redis-node-store');
  return connectRedisFeedStore({ url: config.redisUrl, maxEntries: config.feedMaxEntries });
}
