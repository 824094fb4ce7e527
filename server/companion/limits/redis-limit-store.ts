import { connectRedis } from '../redis-connection';
import { ACQUIRE_LUA, counterKey, HIT_LUA, RENEW_LUA, slotKey } from './redis-limit-layout';
import { windowOf, type LimitStore, type SlotRequest } from './types';

// The limits in Redis, shared by every instance (keys and scripts: redis-limit-layout.ts).

interface LimitCommands {
  fieldsideHit(key: string, windowMs: number): Promise<number>;
  fieldsideAcquire(...args: (string | number)[]): Promise<number>;
  fieldsideRenew(...args: (string | number)[]): Promise<number>;
}

export async function createRedisLimitStore(url: string): Promise<LimitStore> {
  const redis = await connectRedis(url, 'the rate limits');
  redis.defineCommand('fieldsideHit', { numberOfKeys: 1, lua: HIT_LUA });
  redis.defineCommand('fieldsideAcquire', { lua: ACQUIRE_LUA });
  redis.defineCommand('fieldsideRenew', { lua: RENEW_LUA });
  const commands = redis as unknown as LimitCommands;

  return {
    hit: (key, windowMs, now) => commands.fieldsideHit(counterKey(key, windowOf(now, windowMs)), windowMs),

    async acquire(requests: readonly SlotRequest[], id, leaseMs, now) {
      const keys = requests.map((r) => slotKey(r.key));
      const taken = await commands.fieldsideAcquire(
        keys.length,
        ...keys,
        now,
        leaseMs,
        id,
        ...requests.map((r) => r.cap),
      );
      return taken === 1;
    },

    async renew(keys, id, leaseMs, now) {
      await commands.fieldsideRenew(keys.length, ...keys.map(slotKey), now, leaseMs, id);
    },

    async release(keys, id) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.zrem(slotKey(key), id);
      await pipeline.exec();
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
