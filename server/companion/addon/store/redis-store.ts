import { z } from 'zod';
import type { RedisCommands } from '../../redis-commands';
import { COMPARE_AND_DELETE_LUA, COMPARE_AND_SET_LUA } from './redis-layout';
import type { AddonStore } from './types';

// The add-on's shared state in Redis, for several instances, Node or edge alike (redis-commands.ts; scripts:
// redis-layout.ts).

const Text = z.string().nullable();
const Count = z.number().int();

export function createRedisAddonStore(redis: RedisCommands): AddonStore {
  return {
    async get(key) {
      return Text.parse(await redis.command(['GET', key])) ?? undefined;
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
