import { FeedPositionError, type CallbackTokenOwner, type StoredChange, type NewChange } from './types';

// The change feed's layout in Redis (redis-store.ts, the one store whether Redis is reached from Node,
// redis-node-store.ts, or over HTTP, redis-rest-store.ts): the same keys, the same atomic scripts and the same value formats, so both
// kinds of instance can share one Redis.

export const streamKey = (account: string) => `fieldside:feed:${account}`;
export const dedupKeyOf = (account: string) => `fieldside:dedup:${account}`;
export const generationKey = (account: string) => `fieldside:callback-generation:${account}`;
/** Callback token → owner, as versions before self-verifying callback URLs wrote it (read for migration only). */
export const LEGACY_TOKENS_KEY = 'fieldside:webhook-tokens';

// The generation check, the dedup and the append in one atomic step and one round trip: two instances
// receiving the same retry at once cannot both append it, and a rotation on one instance is seen by the
// next append on any. One call takes any number of one account's changes (those that arrived together:
// redis-append-batch.ts), each checked against the dedup keys of the ones before it. Dedup keys live in one sorted
// set per account, scored by expiry and cut to a fixed size, so a flood of distinct notifications cannot grow Redis
// without bound. The entry goes in before its key: a failure between the two can cost a duplicate, never a change.
// MAXLEN ~ lets Redis trim whole nodes, which is far cheaper than exact.
// KEYS: stream, dedup set, generation. ARGV: ttl ms, max length, now ms, dedup cap, then for each change in turn its
// JSON, its dedup key and its generation. Answers for each change the new entry's id, 0 for a duplicate, -1 for a
// retired generation.
export const APPEND_LUA = `
local ttl, now, cap = tonumber(ARGV[1]), tonumber(ARGV[3]), tonumber(ARGV[4])
local current = tonumber(redis.call('GET', KEYS[3]) or '0')
local answers, added = {}, false
for i = 5, #ARGV, 3 do
  local answer = -1
  if tonumber(ARGV[i + 2]) >= current then
    local seen = redis.call('ZSCORE', KEYS[2], ARGV[i + 1])
    if seen and tonumber(seen) > now then
      answer = 0
    else
      answer = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'c', ARGV[i])
      redis.call('ZADD', KEYS[2], now + ttl, ARGV[i + 1])
      added = true
    end
  end
  answers[#answers + 1] = answer
end
if added then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  local n = redis.call('ZCARD', KEYS[2])
  if n > cap then redis.call('ZREMRANGEBYRANK', KEYS[2], 0, n - cap - 1) end
  redis.call('PEXPIRE', KEYS[2], ttl)
end
return answers`;

// A generation only ever goes up, whichever instances rotate at once. KEYS: generation. ARGV: generation.
export const RAISE_LUA = `
if tonumber(ARGV[1]) > tonumber(redis.call('GET', KEYS[1]) or '0') then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

/** Redis stream ids ("<ms>-<seq>") are the positions; "0" is the start of an empty feed. */
export function checkPosition(after: string): string {
  if (after !== '0' && !/^\d{1,20}-\d{1,20}$/.test(after)) throw new FeedPositionError(after);
  return after;
}

/** The XRANGE start for the changes strictly after `after` (all kept changes when undefined or "0"). */
export function rangeStart(after: string | undefined): string {
  return after === undefined || checkPosition(after) === '0' ? '-' : `(${after}`;
}

/** One stream entry (`[id, [field, value, …]]`) as a change: the JSON in field `c`. */
export function toChange([id, fields]: [string, string[]]): StoredChange {
  const json = fields[fields.indexOf('c') + 1] ?? '{}';
  return { id, ...(JSON.parse(json) as NewChange) };
}

/** Legacy token map values: the account, then `|<generation>` after the first rotation (plain accounts are generation 0). */
export function parseLegacyOwner(value: string): CallbackTokenOwner {
  const bar = value.lastIndexOf('|');
  return bar < 0
    ? { account: value, generation: 0 }
    : { account: value.slice(0, bar), generation: Number(value.slice(bar + 1)) || 0 };
}
