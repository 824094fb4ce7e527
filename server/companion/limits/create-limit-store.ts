import type { CompanionConfig } from '../config';
import { createMemoryLimitStore } from './memory-limit-store';
import type { LimitStore } from './types';

/** Redis when REDIS_URL is set (several instances count together), otherwise memory. ioredis is imported only
 * then (see feed/store/create-store.ts). */
export async function createLimitStore(config: Pick<CompanionConfig, 'redisUrl'>): Promise<LimitStore> {
  if (!config.redisUrl) return createMemoryLimitStore();
  const { createRedisLimitStore } = await import('./redis-limit-store');
  return createRedisLimitStore(config.redisUrl);
}
