import type { CompanionConfig } from '../config';
import { createMemoryLimitStore } from './memory-limit-store';
import { createRedisLimitStore } from './redis-limit-store';
import type { LimitStore } from './types';

/** Redis when REDIS_URL is set (several instances count together), otherwise memory. */
export function createLimitStore(config: Pick<CompanionConfig, 'redisUrl'>): Promise<LimitStore> {
  return config.redisUrl ? createRedisLimitStore(config.redisUrl) : Promise.resolve(createMemoryLimitStore());
}
