import { describe } from 'vitest';
import { addonStoreContract } from '../../../../tests/support/companion/addon-store-contract';
import { redisBehindRestForFile } from '../../../../tests/support/companion/redis-rest-server';
import { reachOverHttp } from '../../redis-commands';
import { connectRedisCommands } from '../../redis-connection';
import { createRedisRestClient } from '../../redis-rest/client';
import { createMemoryAddonStore } from './memory-store';
import { ADDON_STORE_PURPOSE, createRedisAddonStore } from './redis-store';

// The add-on's shared store in its three forms, against a real redis-server (and Redis's HTTP API in front of it).

const servers = redisBehindRestForFile();

describe('memory', () => addonStoreContract(async () => createMemoryAddonStore()));
describe('Redis', () =>
  addonStoreContract(async () =>
    createRedisAddonStore(await connectRedisCommands(servers.redis.url, ADDON_STORE_PURPOSE)),
  ));
describe('Redis over HTTP', () =>
  addonStoreContract(async () =>
    createRedisAddonStore(
      await reachOverHttp(
        createRedisRestClient({ url: servers.rest.url, token: servers.rest.token }),
        ADDON_STORE_PURPOSE,
      ),
    ),
  ));
