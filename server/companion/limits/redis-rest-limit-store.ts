import { z } from 'zod';
import type { RedisRestClient } from '../redis-rest/client';
import { ACQUIRE_LUA, counterKey, HIT_LUA, RENEW_LUA, slotKey } from './redis-limit-layout';
import { windowOf, type LimitStore, type SlotRequest } from './types';

// The limits in Redis reached over HTTP (redis-rest/client.ts), for runtimes that cannot open a TCP connection to
// Redis: the same keys and atomic scripts as the Node store (redis-limit-layout.ts), so a flood spread over edge
// isolates and Node instances is still counted as one.

const Count = z.number().int();

export async function createRedisRestLimitStore(client: RedisRestClient): Promise<LimitStore> {
  try {
    await client.command(['PING']);
  } catch (e) {
    throw new Error(`Cannot reach the shared store (Redis over HTTP) for the rate limits (${(e as Error).message})`, {
      cause: e,
    });
  }

  return {
    async hit(key, windowMs, now) {
      return Count.parse(
        await client.command(['EVAL', HIT_LUA, 1, counterKey(key, windowOf(now, windowMs)), windowMs]),
      );
    },

    async acquire(requests: readonly SlotRequest[], id, leaseMs, now) {
      const keys = requests.map((r) => slotKey(r.key));
      const taken = await client.command([
        'EVAL',
        ACQUIRE_LUA,
        keys.length,
        ...keys,
        now,
        leaseMs,
        id,
        ...requests.map((r) => r.cap),
      ]);
      return Count.parse(taken) === 1;
    },

    async renew(keys, id, leaseMs, now) {
      await client.command(['EVAL', RENEW_LUA, keys.length, ...keys.map(slotKey), now, leaseMs, id]);
    },

    async release(keys, id) {
      const answers = await client.pipeline(keys.map((key) => ['ZREM', slotKey(key), id]));
      const refused = answers.find((a) => !a.ok);
      if (refused && !refused.ok) throw refused.error;
    },

    async close() {
      // Nothing to disconnect: every call is its own HTTP request.
    },
  };
}
