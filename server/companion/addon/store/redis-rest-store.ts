import { z } from 'zod';
import type { RedisRestClient } from '../../redis-rest/client';
import { COMPARE_AND_DELETE_LUA, COMPARE_AND_SET_LUA } from './redis-layout';
import type { AddonStore } from './types';

// The add-on's shared state in Redis reached over HTTP (edge isolates), with the same keys and scripts as the
// Node store, so edge isolates and Node instances can share one Redis.

const Text = z.string().nullable();
const Count = z.number().int();

export async function createRedisRestAddonStore(client: RedisRestClient): Promise<AddonStore> {
  try {
    await client.command(['PING']);
  } catch (e) {
    throw new Error(
      `Cannot reach the shared store (Redis over HTTP) for the add-on's tokens (${(e as Error).message})`,
      { cause: e },
    );
  }
  return {
    async get(key) {
      return Text.parse(await client.command(['GET', key])) ?? undefined;
    },
    async set(key, value) {
      await client.command(['SET', key, value]);
    },
    async setIfAbsent(key, value, ttlMs) {
      return Text.parse(await client.command(['SET', key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'])) === 'OK';
    },
    async compareAndSet(key, expected, next) {
      return Count.parse(await client.command(['EVAL', COMPARE_AND_SET_LUA, 1, key, expected, next])) === 1;
    },
    async compareAndDelete(key, expected) {
      return Count.parse(await client.command(['EVAL', COMPARE_AND_DELETE_LUA, 1, key, expected])) === 1;
    },
    async close() {
      // Nothing to disconnect: every call is its own HTTP request.
    },
  };
}
