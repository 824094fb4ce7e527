import { Redis } from 'ioredis';
import { DEDUP_TTL_SECONDS } from './dedup-window';
import { createRedisWatcher } from './redis-watcher';
import { gapAfter, readStreamInfo } from './redis-stream-info';
import { dedupCapacity, FeedPositionError, type AppendResult, type FeedChange, type FeedPage, type FeedStore, type NewChange } from './types';

const streamKey = (account: string) => `fieldside:feed:${account}`;
const dedupKeyOf = (account: string) => `fieldside:dedup:${account}`;
const generationKey = (account: string) => `fieldside:callback-generation:${account}`;
/** Callback token → owner, as versions before self-verifying callback URLs wrote it (read for migration only). */
const LEGACY_TOKENS_KEY = 'fieldside:webhook-tokens';

// The generation check, the dedup and the append in one atomic step and one round trip: two instances
// receiving the same retry at once cannot both append it, and a rotation on one instance is seen by the
// next append on any. Dedup keys live in one sorted set per account, scored by expiry and cut to a fixed
// size, so a flood of distinct notifications cannot grow Redis without bound. MAXLEN ~ lets Redis trim whole
// nodes, which is far cheaper than exact.
// KEYS: stream, dedup set, generation. ARGV: ttl ms, max length, change JSON, now ms, dedup key, dedup cap, generation.
const APPEND_LUA = `
if tonumber(ARGV[7]) < tonumber(redis.call('GET', KEYS[3]) or '0') then return -1 end
local now = tonumber(ARGV[4])
local seen = redis.call('ZSCORE', KEYS[2], ARGV[5])
if seen and tonumber(seen) > now then return 0 end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[1]), ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local n = redis.call('ZCARD', KEYS[2])
local cap = tonumber(ARGV[6])
if n > cap then redis.call('ZREMRANGEBYRANK', KEYS[2], 0, n - cap - 1) end
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'c', ARGV[3])`;

// A generation only ever goes up, whichever instances rotate at once.
const RAISE_LUA = `
if tonumber(ARGV[1]) > tonumber(redis.call('GET', KEYS[1]) or '0') then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

interface FeedCommands {
  fieldsideAppend(...args: (string | number)[]): Promise<string | number>;
  fieldsideRaise(key: string, generation: number): Promise<number>;
}

/** Redis stream ids ("<ms>-<seq>") are the positions; "0" is the start of an empty feed. */
function checkPosition(after: string): string {
  if (after !== '0' && !/^\d{1,20}-\d{1,20}$/.test(after)) throw new FeedPositionError(after);
  return after;
}

function toChange([id, fields]: [string, string[]]): FeedChange {
  const json = fields[fields.indexOf('c') + 1] ?? '{}';
  return { id, ...(JSON.parse(json) as NewChange) };
}

/** Legacy token map values: the account, then `|<generation>` after the first rotation (plain accounts are generation 0). */
function parseOwner(value: string): { account: string; generation: number } {
  const bar = value.lastIndexOf('|');
  return bar < 0 ? { account: value, generation: 0 } : { account: value.slice(0, bar), generation: Number(value.slice(bar + 1)) || 0 };
}

/** The change feed in Redis Streams, shared by every companion instance that points at the same Redis. */
export async function createRedisFeedStore(opts: { url: string; maxEntries: number; now?: () => number }): Promise<FeedStore> {
  const now = opts.now ?? Date.now;
  const main = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  main.on('error', () => {
    // ioredis reconnects by itself; commands fail with their own errors meanwhile. Without a listener
    // Node would treat each connection error as an uncaught exception.
  });
  try {
    await main.connect();
  } catch (e) {
    main.disconnect();
    throw new Error(`Cannot connect to Redis for the change feed (${(e as Error).message})`, { cause: e });
  }
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

    async read(account, after, limit): Promise<FeedPage> {
      const from = after === undefined || checkPosition(after) === '0' ? '-' : `(${after}`;
      const key = streamKey(account);
      const [info, entries] = await Promise.all([readStreamInfo(main, key), main.xrange(key, from, '+', 'COUNT', limit)]);
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
      return value === null ? undefined : parseOwner(value);
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
