import { z } from 'zod';
import type { RedisRestClient } from '../../redis-rest/client';
import { DEDUP_TTL_SECONDS } from './dedup-window';
import {
  APPEND_LUA,
  dedupKeyOf,
  generationKey,
  LEGACY_TOKENS_KEY,
  parseLegacyOwner,
  RAISE_LUA,
  rangeStart,
  streamKey,
  toChange,
} from './redis-layout';
import { createRestWatcher } from './redis-rest-watcher';
import { gapAfter, readStreamInfo } from './redis-stream-info';
import {
  dedupCapacity,
  StoredChangeSchema,
  type AppendResult,
  type StoredPage,
  type FeedStore,
  type NewChange,
} from './types';

// The change feed in Redis Streams reached over HTTP (redis-rest/client.ts), for runtimes that cannot open a TCP
// connection to Redis: the same keys and atomic scripts as the Node store (redis-layout.ts), so edge isolates and
// Node instances may share one Redis. Only live pokes differ: they come from polling (redis-rest-watcher.ts).

const EntriesSchema = z.array(z.tuple([z.string(), z.array(z.string())]));
const AppendReplySchema = z.union([z.string(), z.number()]);
const TextOrNil = z.string().nullable();
const ScoreOrNil = z.union([z.string(), z.number()]).nullable();

/** How often a live stream asks whether its account's feed grew, unless told otherwise. */
export const DEFAULT_REST_POLL_MS = 1_000;

export async function createRedisRestFeedStore(opts: {
  client: RedisRestClient;
  maxEntries: number;
  now?: () => number;
  /** How often each live stream polls for new changes. */
  pollMs?: number;
}): Promise<FeedStore> {
  const { client } = opts;
  const now = opts.now ?? Date.now;
  try {
    await client.command(['PING']);
  } catch (e) {
    throw new Error(`Cannot reach the shared store (Redis over HTTP) for the change feed (${(e as Error).message})`, {
      cause: e,
    });
  }
  const ttlMs = DEDUP_TTL_SECONDS * 1000;

  async function newestId(key: string): Promise<string> {
    const newest = EntriesSchema.parse(await client.command(['XREVRANGE', key, '+', '-', 'COUNT', 1]))[0];
    return newest?.[0] ?? '0';
  }

  const watcher = createRestWatcher({ head: newestId, intervalMs: opts.pollMs ?? DEFAULT_REST_POLL_MS });

  return {
    async append(account, change: NewChange, dedupKey, generation): Promise<AppendResult> {
      const keys = [streamKey(account), dedupKeyOf(account), generationKey(account)];
      const args = [
        ttlMs,
        opts.maxEntries,
        JSON.stringify(change),
        now(),
        dedupKey,
        dedupCapacity(opts.maxEntries),
        generation,
      ];
      const answer = AppendReplySchema.parse(await client.command(['EVAL', APPEND_LUA, keys.length, ...keys, ...args]));
      if (typeof answer === 'string') return { kind: 'appended', id: answer };
      return answer === -1 ? { kind: 'retired' } : { kind: 'duplicate' };
    },

    async seen(account, dedupKey) {
      const expires = ScoreOrNil.parse(await client.command(['ZSCORE', dedupKeyOf(account), dedupKey]));
      return expires !== null && Number(expires) > now();
    },

    async read(account, after, limit): Promise<StoredPage> {
      const from = rangeStart(after);
      const key = streamKey(account);
      // One round trip for both, as the Node store asks both at once.
      const [info, range] = await client.pipeline([
        ['XINFO', 'STREAM', key],
        ['XRANGE', key, from, '+', 'COUNT', limit],
      ]);
      if (!range!.ok) throw range!.error;
      const kept = await readStreamInfo(async () => {
        if (!info!.ok) throw info!.error;
        return info!.result;
      });
      const changes = EntriesSchema.parse(range!.result).map((entry) => StoredChangeSchema.parse(toChange(entry)));
      const last = changes[changes.length - 1];
      return { changes, position: last ? last.id : (after ?? '0'), gap: after !== undefined && gapAfter(after, kept) };
    },

    position: (account) => newestId(streamKey(account)),

    subscribe: (account, listener) => watcher.watch(streamKey(account), listener),

    async legacyCallbackOwner(token) {
      const value = TextOrNil.parse(await client.command(['HGET', LEGACY_TOKENS_KEY, token]));
      return value === null ? undefined : parseLegacyOwner(value);
    },

    async forgetLegacyCallbackToken(token) {
      await client.command(['HDEL', LEGACY_TOKENS_KEY, token]);
    },

    async callbackGeneration(account) {
      return Number(TextOrNil.parse(await client.command(['GET', generationKey(account)]))) || 0;
    },

    async setCallbackGeneration(account, generation) {
      await client.command(['EVAL', RAISE_LUA, 1, generationKey(account), generation]);
    },

    async close() {
      // Nothing to disconnect: every call is its own HTTP request. Only the live watches' timers stop.
      watcher.close();
    },
  };
}
