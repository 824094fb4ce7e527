import { Redis } from 'ioredis';
import { windowOf, type LimitStore, type SlotRequest } from './types';

// The limits in Redis, shared by every instance. Each operation is one script, so counting and taking slots
// are atomic across instances. Counters expire with their window; slot sets with their longest lease.

const counterKey = (key: string, window: number) => `fieldside:limit:${key}:${window}`;
const slotKey = (key: string) => `fieldside:slots:${key}`;

const HIT_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

// KEYS: slot sets; ARGV: now, lease, id, then one cap per key.
const ACQUIRE_LUA = `
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

const RENEW_LUA = `
for _, key in ipairs(KEYS) do
  if redis.call('ZADD', key, 'XX', 'CH', tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[3]) == 1 then redis.call('PEXPIRE', key, ARGV[2]) end
end
return 1`;

interface LimitCommands {
  fieldsideHit(key: string, windowMs: number): Promise<number>;
  fieldsideAcquire(...args: (string | number)[]): Promise<number>;
  fieldsideRenew(...args: (string | number)[]): Promise<number>;
}

export async function createRedisLimitStore(url: string): Promise<LimitStore> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', () => {
    // ioredis reconnects by itself; without a listener each connection error would be an uncaught exception.
  });
  try {
    await redis.connect();
  } catch (e) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis for the rate limits (${(e as Error).message})`, { cause: e });
  }
  redis.defineCommand('fieldsideHit', { numberOfKeys: 1, lua: HIT_LUA });
  redis.defineCommand('fieldsideAcquire', { lua: ACQUIRE_LUA });
  redis.defineCommand('fieldsideRenew', { lua: RENEW_LUA });
  const commands = redis as unknown as LimitCommands;

  return {
    hit: (key, windowMs, now) => commands.fieldsideHit(counterKey(key, windowOf(now, windowMs)), windowMs),

    async acquire(requests: readonly SlotRequest[], id, leaseMs, now) {
      const keys = requests.map((r) => slotKey(r.key));
      const taken = await commands.fieldsideAcquire(keys.length, ...keys, now, leaseMs, id, ...requests.map((r) => r.cap));
      return taken === 1;
    },

    async renew(keys, id, leaseMs, now) {
      await commands.fieldsideRenew(keys.length, ...keys.map(slotKey), now, leaseMs, id);
    },

    async release(keys, id) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.zrem(slotKey(key), id);
      await pipeline.exec();
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
