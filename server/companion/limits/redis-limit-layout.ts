// The limits' layout in Redis (redis-limit-store.ts, the one store whether Redis is reached by its own protocol from
// Node or over HTTP from the edge: redis-commands.ts), so both kinds of instance count in the same keys. Each operation is one script, so counting and taking slots are atomic across
// instances. Counters expire with their window; slot sets with their longest lease.

export const counterKey = (key: string, window: number) => `fieldside:limit:${key}:${window}`;
export const slotKey = (key: string) => `fieldside:slots:${key}`;

// KEYS: the counter. ARGV: the window's length in ms. Answers the count so far.
export const HIT_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

// KEYS: slot sets; ARGV: now, lease, id, then one cap per key. Answers 1 when every slot was taken, else 0.
export const ACQUIRE_LUA = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if not redis.call('ZSCORE', key, ARGV[3]) and redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', key, ARGV[2])
end
return 1`;

// KEYS: slot sets; ARGV: now, lease, id.
export const RENEW_LUA = `
for _, key in ipairs(KEYS) do
  if redis.call('ZADD', key, 'XX', 'CH', tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[3]) == 1 then redis.call('PEXPIRE', key, ARGV[2]) end
end
return 1`;
