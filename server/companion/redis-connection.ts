import { Redis } from 'ioredis';

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
