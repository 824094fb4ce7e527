import { z } from 'zod';
import type { RedisCommands } from '../redis-commands';
import { ACQUIRE_LUA, counterKey, HIT_LUA, RENEW_LUA, slotKey } from './redis-limit-layout';
import { windowOf, type LimitStore, type SlotRequest } from './types';

// The limits in Redis, shared by every instance, Node or edge alike (redis-commands.ts), so a flood spread over
// edge isolates and Node instances is still counted as one (keys and scripts: redis-limit-layout.ts).

const Count = z.number().int();

/** The limit store's name in a start error. */
export const LIMIT_STORE_PURPOSE = 'the rate limits';

export function createRedisLimitStore(redis: RedisCommands): LimitStore {
  return {
    async hit(key, windowMs, now) {
      return Count.parse(await redis.script(HIT_LUA, [counterKey(key, windowOf(now, windowMs))], [windowMs]));
    },

    async acquire(requests: readonly SlotRequest[], id, leaseMs, now) {
      const keys = requests.map((r) => slotKey(r.key));
      const taken = await redis.script(ACQUIRE_LUA, keys, [now, leaseMs, id, ...requests.map((r) => r.cap)]);
      return Count.parse(taken) === 1;
    },

    async renew(keys, id, leaseMs, now) {
      await redis.script(RENEW_LUA, keys.map(slotKey), [now, leaseMs, id]);
    },

    async release(keys, id) {
      const answers = await redis.pipeline(keys.map((key) => ['ZREM', slotKey(key), id]));
      const refused = answers.find((a) => !a.ok);
      if (refused && !refused.ok) throw refused.error;
    },

    close: () => redis.close(),
  };
}
