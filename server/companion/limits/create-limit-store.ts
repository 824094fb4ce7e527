import type { CompanionConfig } from '../config';
import { createMemoryLimitStore } from './memory-limit-store';
import { createRedisLimitStore, LIMIT_STORE_PURPOSE } from './redis-limit-store';
import type { LimitStore } from './types';

/** Redis when REDIS_URL is set (several instances count together), otherwise memory. ioredis is imported only
 * then (see feed/store/create-store.ts). */
export async function createLimitStore(config: Pick<CompanionConfig, 'redisUrl'>): Promise<LimitStore> {
  if (!config.redisUrl) return createMemoryLimitStore();
  const { connectRedisCommands } = await import('../redis-connection');
  return createRedisLimitStore(await connectRedisCommands(config.redisUrl, LIMIT_STORE_PURPOSE));
}
