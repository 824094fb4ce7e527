import { describe } from 'vitest';
import { addonStoreContract } from '../../../../tests/support/companion/addon-store-contract';
import { redisBehindRestForFile } from '../../../../tests/support/companion/redis-rest-server';
import { createRedisRestClient } from '../../redis-rest/client';
import { createMemoryAddonStore } from './memory-store';
import { createRedisRestAddonStore } from './redis-rest-store';
import { createRedisAddonStore } from './redis-store';

// The add-on's shared store in its three forms, against a real redis-server (and Redis's HTTP API in front of it).

const servers = redisBehindRestForFile();

describe('memory', () => addonStoreContract(async () => createMemoryAddonStore()));
describe('Redis', () => addonStoreContract(() => createRedisAddonStore(servers.redis.url)));
describe('Redis over HTTP', () =>
  addonStoreContract(() =>
    createRedisRestAddonStore(createRedisRestClient({ url: servers.rest.url, token: servers.rest.token })),
  ));
