import { Redis } from 'ioredis';
import { DEDUP_TTL_SECONDS } from './dedup-window';
import { createRedisWatcher } from './redis-watcher';
import { FeedPositionError, type FeedChange, type FeedPage, type FeedStore, type NewChange } from './types';

const streamKey = (account: string) => `fieldside:feed:${account}`;
const dedupKeyOf = (account: string, key: string) => `fieldside:dedup:${account}:${key}`;
const TOKENS_KEY = 'fieldside:webhook-tokens';

// Dedup and append in one atomic step and one round trip: two instances receiving the same retry
// at once cannot both append it. MAXLEN ~ lets Redis trim whole nodes, which is far cheaper than exact.
const APPEND_LUA = `
if redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[1]) then
  return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'c', ARGV[3])
end
return false`;

interface AppendCommand {
  fieldsideAppend(stream: string, dedup: string, ttl: number, maxLen: number, json: string): Promise<string | null>;
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

/** The change feed in Redis Streams, shared by every companion instance that points at the same Redis. */
export async function createRedisFeedStore(opts: { url: string; maxEntries: number }): Promise<FeedStore> {
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
  main.defineCommand('fieldsideAppend', { numberOfKeys: 2, lua: APPEND_LUA });
  const commands = main as unknown as AppendCommand;
  const reader = main.duplicate();
  reader.on('error', () => {});
  const watcher = createRedisWatcher(main, reader);

  return {
    async append(account, change: NewChange, dedupKey) {
      return commands.fieldsideAppend(
        streamKey(account),
        dedupKeyOf(account, dedupKey),
        DEDUP_TTL_SECONDS,
        opts.maxEntries,
        JSON.stringify(change),
      );
    },

    async read(account, after, limit): Promise<FeedPage> {
      const from = after === undefined || checkPosition(after) === '0' ? '-' : `(${after}`;
      const entries = await main.xrange(streamKey(account), from, '+', 'COUNT', limit);
      const changes = entries.map(toChange);
      const last = changes[changes.length - 1];
      return { changes, position: last ? last.id : (after ?? '0') };
    },

    async position(account) {
      const newest = (await main.xrevrange(streamKey(account), '+', '-', 'COUNT', 1))[0];
      return newest?.[0] ?? '0';
    },

    subscribe: (account, listener) => watcher.watch(streamKey(account), listener),

    async saveCallbackToken(token, account) {
      await main.hset(TOKENS_KEY, token, account);
    },

    async accountForCallbackToken(token) {
      return (await main.hget(TOKENS_KEY, token)) ?? undefined;
    },

    async close() {
      await watcher.close();
      await main.quit().catch(() => main.disconnect());
    },
  };
}
