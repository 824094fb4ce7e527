import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisCommands } from './redis-commands';
import { RedisReplyError } from './redis-rest/client';

// One connection to Redis for one of the companion's stores (the change feed, the rate limits, the add-on's state),
// connected before the store is handed out, so a wrong REDIS_URL stops the start with a sentence naming what it was
// for, rather than failing the first request.

export async function connectRedis(url: string, purpose: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', () => {
    // ioredis reconnects by itself; commands fail with their own errors meanwhile. Without a listener Node would
    // treat each connection error as an uncaught exception.
  });
  try {
    await redis.connect();
  } catch (e) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis for ${purpose} (${(e as Error).message})`, { cause: e });
  }
  return redis;
}

/** The store's commands over a Node connection. A script is sent once and run by its hash after (EVALSHA), as
 * ioredis's own defined commands do: the webhook intake runs one per burst of notifications. */
export function commandsOver(redis: Redis): RedisCommands {
  const hashes = new Map<string, string>();
  return {
    command: ([name, ...args]) => redis.call(String(name), ...args),
    async pipeline(commands) {
      const answers = (await redis.pipeline(commands.map((c) => ['call', ...c])).exec()) ?? [];
      return answers.map(([error, result]) =>
        error ? { ok: false as const, error: new RedisReplyError(error.message) } : { ok: true as const, result },
      );
    },
    async script(lua, keys, args) {
      let hash = hashes.get(lua);
      if (!hash) hashes.set(lua, (hash = createHash('sha1').update(lua).digest('hex')));
      try {
        return await redis.evalsha(hash, keys.length, ...keys, ...args);
      } catch (e) {
        if (!/NOSCRIPT/.test((e as Error).message)) throw e;
        return redis.eval(lua, keys.length, ...keys, ...args);
      }
    },
    // After the turn's I/O callbacks: every request whose bytes arrived in this turn has asked for its commands.
    afterTurn: (run) => setImmediate(run),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A connection's commands, for a store that needs nothing else of it. */
export async function connectRedisCommands(url: string, purpose: string): Promise<RedisCommands> {
  return commandsOver(await connectRedis(url, purpose));
}
