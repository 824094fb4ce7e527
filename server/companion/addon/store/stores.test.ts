import { afterAll, beforeAll, describe } from 'vitest';
import { addonStoreContract } from '../../../../tests/support/companion/addon-store-contract';
import { startRedisRestServer, type RedisRestServer } from '../../../../tests/support/companion/redis-rest-server';
import { startRedisServer, type RedisServer } from '../../../../tests/support/companion/redis-server';
import { createRedisRestClient } from '../../redis-rest/client';
import { createMemoryAddonStore } from './memory-store';
import { createRedisRestAddonStore } from './redis-rest-store';
import { createRedisAddonStore } from './redis-store';

// The add-on's shared store in its three forms, against a real redis-server (and Redis's HTTP API in front of it).

let redis: RedisServer;
let rest: RedisRestServer;
beforeAll(async () => {
  redis = await startRedisServer();
  rest = await startRedisRestServer({ redisUrl: redis.url });
});
afterAll(async () => {
  await rest?.stop();
  await redis?.stop();
});

describe('memory', () => addonStoreContract(async () => createMemoryAddonStore()));
describe('Redis', () => addonStoreContract(() => createRedisAddonStore(redis.url)));
describe('Redis over HTTP', () => addonStoreContract(() => createRedisRestAddonStore(createRedisRestClient({ url: rest.url, token: rest.token }))));
