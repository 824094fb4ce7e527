import { z } from 'zod';
import type { RedisCommands } from '../../redis-commands';
import type { RedisArg } from '../../redis-rest/client';
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
import { createAppendBatches } from './redis-append-batch';
import { gapAfter, readStreamInfo } from './redis-stream-info';
import {
  dedupCapacity,
  StoredChangeSchema,
  type AppendResult,
  type StoredPage,
  type FeedStore,
  type NewChange,
} from './types';

// The change feed in Redis Streams, shared by every companion instance that points at the same Redis, Node or edge
// alike (redis-commands.ts): the same keys and atomic scripts (redis-layout.ts). Only live pokes differ by how Redis
// is reached: a blocking read from Node (redis-watcher.ts), polling over HTTP (redis-rest-watcher.ts).

const EntriesSchema = z.array(z.tuple([z.string(), z.array(z.string())]));
const AppendRepliesSchema = z.array(z.union([z.string(), z.number()]));
const TextOrNil = z.string().nullable();
const ScoreOrNil = z.union([z.string(), z.number()]).nullable();

/** The change feed's name in a start error. */
export const FEED_STORE_PURPOSE = 'the change feed';

/** Tells a listener when a feed's stream grows, whichever instance appended to it. */
export interface FeedWatcher {
  /** Resolves once `key` is watched from its current end; answers the unwatch. */
  watch(key: string, listener: () => void): Promise<() => void>;
  close(): Promise<void> | void;
}

export function createRedisFeedStore(opts: {
  redis: RedisCommands;
  watcher: FeedWatcher;
  maxEntries: number;
  now?: () => number;
}): FeedStore {
  const { redis, watcher } = opts;
  const now = opts.now ?? Date.now;
  const ttlMs = DEDUP_TTL_SECONDS * 1000;
  const batches = createAppendBatches({
    afterTurn: (flush) => redis.afterTurn(flush),
    async run(account, changes) {
      const keys = [streamKey(account), dedupKeyOf(account), generationKey(account)];
      const args: RedisArg[] = [ttlMs, opts.maxEntries, now(), dedupCapacity(opts.maxEntries)];
      for (const { json, key, generation } of changes) args.push(json, key, generation);
      return AppendRepliesSchema.parse(await redis.script(APPEND_LUA, keys, args)).map(appendResult);
    },
  });

  return {
    append: (account, change: NewChange, dedupKey, generation) =>
      batches.append(account, { json: JSON.stringify(change), key: dedupKey, generation }),

    async seen(account, dedupKey) {
      const expires = ScoreOrNil.parse(await redis.command(['ZSCORE', dedupKeyOf(account), dedupKey]));
      return expires !== null && Number(expires) > now();
    },

    async read(account, after, limit): Promise<StoredPage> {
      const from = rangeStart(after);
      const key = streamKey(account);
      // One round trip for both.
      const [info, range] = await redis.pipeline([
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

    async position(account) {
      return newestId(redis, streamKey(account));
    },

    subscribe: (account, listener) => watcher.watch(streamKey(account), listener),

    async legacyCallbackOwner(token) {
      const value = TextOrNil.parse(await redis.command(['HGET', LEGACY_TOKENS_KEY, token]));
      return value === null ? undefined : parseLegacyOwner(value);
    },

    async forgetLegacyCallbackToken(token) {
      await redis.command(['HDEL', LEGACY_TOKENS_KEY, token]);
    },

    async callbackGeneration(account) {
      return Number(TextOrNil.parse(await redis.command(['GET', generationKey(account)]))) || 0;
    },

    async setCallbackGeneration(account, generation) {
      await redis.script(RAISE_LUA, [generationKey(account)], [generation]);
    },

    async close() {
      await watcher.close();
      await redis.close();
    },
  };
}

/** The append script's answer for one change (redis-layout.ts). */
function appendResult(answer: string | number): AppendResult {
  if (typeof answer === 'string') return { kind: 'appended', id: answer };
  return answer === -1 ? { kind: 'retired' } : { kind: 'duplicate' };
}

/** The id of the newest entry of the stream at `key`, '0' when it has none. */
export async function newestId(redis: RedisCommands, key: string): Promise<string> {
  const newest = EntriesSchema.parse(await redis.command(['XREVRANGE', key, '+', '-', 'COUNT', 1]))[0];
  return newest?.[0] ?? '0';
}
