import { createMemoryAddonStore } from './addon/store/memory-store';
import { ADDON_STORE_PURPOSE, createRedisAddonStore } from './addon/store/redis-store';
import type { CompanionConfig } from './config';
import { createMemoryFeedStore } from './feed/store/memory-store';
import { createRedisRestFeedStore } from './feed/store/redis-rest-store';
import { createMemoryLimitStore } from './limits/memory-limit-store';
import { createRedisLimitStore, LIMIT_STORE_PURPOSE } from './limits/redis-limit-store';
import { reachOverHttp } from './redis-commands';
import { createRedisRestClient } from './redis-rest/client';
import { loadRedisRestConfig } from './redis-rest/config';
import type { CompanionStores } from './stores';

const invalid = (problem: string) => new Error(`Companion configuration is invalid: ${problem}`);

/**
 * At the edge: Redis over HTTP when REDIS_REST_URL is set. An edge runtime runs many isolates, each with its own
 * memory, so outside development the memory stores would lose webhooks (appended in one isolate, never seen by
 * the streams another holds) and count limits per isolate: they are refused there. Redis's own protocol
 * (REDIS_URL) needs a TCP connection an edge runtime does not offer. Throws configuration errors at once.
 */
export function chooseEdgeStores(env: Record<string, string | undefined>, config: CompanionConfig): CompanionStores {
  if (config.redisUrl) {
    throw invalid(
      'REDIS_URL: an edge runtime cannot connect to Redis directly; set REDIS_REST_URL and REDIS_REST_TOKEN (Redis over HTTP) instead',
    );
  }
  const rest = loadRedisRestConfig(env, { development: config.development });
  if (rest) {
    const client = createRedisRestClient({ url: rest.url, token: rest.token });
    return {
      limits: async () => createRedisLimitStore(await reachOverHttp(client, LIMIT_STORE_PURPOSE)),
      feed: (c) => createRedisRestFeedStore({ client, maxEntries: c.feedMaxEntries, pollMs: rest.pollMs }),
      addon: async () => createRedisAddonStore(await reachOverHttp(client, ADDON_STORE_PURPOSE)),
    };
  }
  if (!config.development) {
    throw invalid(
      'REDIS_REST_URL: required at the edge outside development (COMPANION_ENV=development): each isolate has its own memory, so the change feed and the limits must be shared over HTTP',
    );
  }
  return {
    limits: async () => createMemoryLimitStore(),
    feed: async (c) => createMemoryFeedStore({ maxEntries: c.feedMaxEntries }),
    addon: async () => createMemoryAddonStore(),
  };
}
