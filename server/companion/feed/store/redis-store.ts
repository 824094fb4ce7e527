import { connectRedis } from '../../redis-connection';
import { DEDUP_TTL_SECONDS } from './dedup-window';
import { createRedisWatcher } from './redis-watcher';
import { gapAfter, readStreamInfo } from './redis-stream-info';
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
import { dedupCapacity, type AppendResult, type StoredPage, type FeedStore, type NewChange } from './types';

interface FeedCommands {
  fieldsideAppend(...args: (string | number)[]): Promise<string | number>;
  fieldsideRaise(key: string, generation: number): Promise<number>;
}

/** The change feed in Redis Streams, shared by every companion instance that points at the same Redis. */
export async function createRedisFeedStore(opts: {
  url: string;
  maxEntries: number;
  now?: () => number;
}): Promise<FeedStore> {
  const now = opts.now ?? Date.now;
  const main = await connectRedis(opts.url, 'the change feed');
  main.defineCommand('fieldsideAppend', { numberOfKeys: 3, lua: APPEND_LUA });
  main.defineCommand('fieldsideRaise', { numberOfKeys: 1, lua: RAISE_LUA });
  const commands = main as unknown as FeedCommands;
  const reader = main.duplicate();
  reader.on('error', () => {});
  const watcher = createRedisWatcher(main, reader);
  const ttlMs = DEDUP_TTL_SECONDS * 1000;

  return {
    async append(account, change: NewChange, dedupKey, generation): Promise<AppendResult> {
      const answer = await commands.fieldsideAppend(
        streamKey(account),
        dedupKeyOf(account),
        generationKey(account),
        ttlMs,
        opts.maxEntries,
        JSON.stringify(change),
        now(),
        dedupKey,
        dedupCapacity(opts.maxEntries),
        generation,
      );
      if (typeof answer === 'string') return { kind: 'appended', id: answer };
      return answer === -1 ? { kind: 'retired' } : { kind: 'duplicate' };
    },

    async seen(account, dedupKey) {
      const expires = await main.zscore(dedupKeyOf(account), dedupKey);
      return expires !== null && Number(expires) > now();
    },

    async read(account, after, limit): Promise<StoredPage> {
      const from = rangeStart(after);
      const key = streamKey(account);
      const [info, entries] = await Promise.all([
        readStreamInfo(() => main.xinfo('STREAM', key)),
        main.xrange(key, from, '+', 'COUNT', limit),
      ]);
      const changes = entries.map(toChange);
      const last = changes[changes.length - 1];
      return { changes, position: last ? last.id : (after ?? '0'), gap: after !== undefined && gapAfter(after, info) };
    },

    async position(account) {
      const newest = (await main.xrevrange(streamKey(account), '+', '-', 'COUNT', 1))[0];
      return newest?.[0] ?? '0';
    },

    subscribe: (account, listener) => watcher.watch(streamKey(account), listener),

    async legacyCallbackOwner(token) {
      const value = await main.hget(LEGACY_TOKENS_KEY, token);
      return value === null ? undefined : parseLegacyOwner(value);
    },

    async forgetLegacyCallbackToken(token) {
      await main.hdel(LEGACY_TOKENS_KEY, token);
    },

    async callbackGeneration(account) {
      return Number(await main.get(generationKey(account))) || 0;
    },

    async setCallbackGeneration(account, generation) {
      await commands.fieldsideRaise(generationKey(account), generation);
    },

    async close() {
      await watcher.close();
      await main.quit().catch(() => main.disconnect());
    },
  };
}
