import type { CompanionConfig } from '../../config';
import { createMemoryAddonStore } from './memory-store';
import { ADDON_STORE_PURPOSE, createRedisAddonStore } from './redis-store';
import type { AddonStore } from './types';

/** On Node: Redis when REDIS_URL is set (several instances), memory otherwise; ioredis is imported only then
 * (see feed/store/create-store.ts). */
export async function createAddonStore(config: Pick<CompanionConfig, 'redisUrl'>): Promise<AddonStore> {
  if (!config.redisUrl) return createMemoryAddonStore();
  const { connectRedisCommands } = await import('../../redis-connection');
  return createRedisAddonStore(await connectRedisCommands(config.redisUrl, ADDON_STORE_PURPOSE));
}
