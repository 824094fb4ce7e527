import { z } from 'zod';
import type { RedisCommands } from '../../redis-commands';
import { COMPARE_AND_DELETE_LUA, COMPARE_AND_SET_LUA } from './redis-layout';
import type { AddonStore } from './types';

// The add-on's shared state in Redis, for several instances, Node or edge alike (redis-commands.ts; scripts:
// redis-layout.ts).

const Text = z.string().nullable();
const Count = z.number().int();

export function createRedisAddonStore(redis: RedisCommands): AddonStore {
  // Reads of one key asked for in the same turn of the event loop share one GET, sent once the turn's commands were
  // all asked for (RedisCommands.afterTurn): each caller still reads a value no older than its asking. A burst of
  // webhook notifications asks whether their account activated Fieldside once for every request of the turn.
  const reads = new Map<string, Promise<string | undefined>>();
  const read = async (key: string) => {
    // From here on, a new read of the key waits for the next GET: this one may already be on its way.
    reads.delete(key);
    return Text.parse(await redis.command(['GET', key])) ?? undefined;
  };
  return {
    get(key) {
      let value = reads.get(key);
      if (!value) {
        value = new Promise<void>((turnEnded) => redis.afterTurn(turnEnded)).then(() => read(key));
        reads.set(key, value);
      }
      return value;
    },
    async set(key, value) {
      await redis.command(['SET', key, value]);
    },
    async setIfAbsent(key, value, ttlMs) {
      return Text.parse(await redis.command(['SET', key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'])) === 'OK';
    },
    async compareAndSet(key, expected, next) {
      return Count.parse(await redis.script(COMPARE_AND_SET_LUA, [key], [expected, next])) === 1;
    },
    async compareAndDelete(key, expected) {
      return Count.parse(await redis.script(COMPARE_AND_DELETE_LUA, [key], [expected])) === 1;
    },
    close: () => redis.close(),
  };
}

/** The add-on store's name in a start error. */
export const ADDON_STORE_PURPOSE = "the add-on's tokens";
