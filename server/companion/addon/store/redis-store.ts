import { connectRedis } from '../../redis-connection';
import { COMPARE_AND_DELETE_LUA, COMPARE_AND_SET_LUA } from './redis-layout';
import type { AddonStore } from './types';

// The add-on's shared state in Redis, for several Node instances (scripts: redis-layout.ts).

export async function createRedisAddonStore(url: string): Promise<AddonStore> {
  const redis = await connectRedis(url, "the add-on's tokens");
  return {
    async get(key) {
      return (await redis.get(key)) ?? undefined;
    },
    async set(key, value) {
      await redis.set(key, value);
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
    },
    async compareAndSet(key, expected, next) {
      return (await redis.eval(COMPARE_AND_SET_LUA, 1, key, expected, next)) === 1;
    },
    async compareAndDelete(key, expected) {
      return (await redis.eval(COMPARE_AND_DELETE_LUA, 1, key, expected)) === 1;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
