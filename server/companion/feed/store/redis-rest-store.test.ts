import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actingAs,
  bearer,
  jobNotification,
  openStream,
  postJson,
} from '../../../../tests/support/companion/feed-client';
import { startFeedServerOn } from '../../../../tests/support/companion/feed-server';
import {
  appendedId,
  contractChange as change,
  feedStoreContract,
} from '../../../../tests/support/companion/feed-store-contract';
import { startRedisRestServer, type RedisRestServer } from '../../../../tests/support/companion/redis-rest-server';
import { startRedisServer, type RedisServer } from '../../../../tests/support/companion/redis-server';
import { startStubPlatform, STUB_ADMIN } from '../../../../tests/support/companion/stub-platform';
import { createRedisRestClient } from '../../redis-rest/client';
import { createRedisRestFeedStore } from './redis-rest-store';
import { LEGACY_TOKENS_KEY } from './redis-layout';
import { connectRedisFeedStore } from './redis-node-store';
import type { FeedPage } from './types';

// The feed store over Redis's HTTP API (what an edge runtime can reach), against a real redis-server behind a
// local server speaking that API.

const POLL_MS = 50;
let redis: RedisServer;
let rest: RedisRestServer;

beforeAll(async () => {
  redis = await startRedisServer(); // fails the file when redis-server is missing
  rest = await startRedisRestServer({ redisUrl: redis.url });
});
afterAll(async () => {
  await rest?.stop();
  await redis?.stop();
});

const client = () => createRedisRestClient({ url: rest.url, token: rest.token });

describe('Redis feed store over HTTP', () => {
  feedStoreContract({
    create: (opts) => createRedisRestFeedStore({ client: client(), pollMs: POLL_MS, ...opts }),
    pokeWithinMs: 10 * POLL_MS,
  });

  it('says a gap to a reader at a position this Redis never reached', async () => {
    const store = await createRedisRestFeedStore({ client: client(), maxEntries: 10 });
    const account = `reached-${crypto.randomUUID()}`;
    await store.append(account, change(1), 'k1', 0);
    expect((await store.read(account, '99999999999999-0', 10)).gap).toBe(true);
    expect((await store.read(`never-${crypto.randomUUID()}`, '1-0', 10)).gap).toBe(true);
    await store.close();
  });

  it('shares one Redis with the Node store: the same changes, positions, legacy tokens and generations', async () => {
    const overTcp = await connectRedisFeedStore({ url: redis.url, maxEntries: 100 });
    const overHttp = await createRedisRestFeedStore({ client: client(), maxEntries: 100, pollMs: POLL_MS });
    try {
      const account = `shared-${crypto.randomUUID()}`;
      let pokes = 0;
      const unsubscribe = await overHttp.subscribe(account, () => pokes++);
      const first = appendedId(await overTcp.append(account, change(1), 'k1', 0));
      const second = appendedId(await overHttp.append(account, change(2), 'k2', 0));
      expect((await overHttp.append(account, change(1), 'k1', 0)).kind).toBe('duplicate');
      expect((await overTcp.read(account, undefined, 10)).changes.map((c) => c.id)).toEqual([first, second]);
      expect(await overHttp.read(account, first, 10)).toEqual({
        changes: [{ id: second, ...change(2) }],
        position: second,
        gap: false,
      });
      expect(await overHttp.position(account)).toBe(second);
      // A callback token an earlier version recorded (before self-verifying URLs), read for the migration by both.
      await client().command(['HSET', LEGACY_TOKENS_KEY, `token-${account}`, `${account}|2`]);
      expect(await overTcp.legacyCallbackOwner!(`token-${account}`)).toEqual({ account, generation: 2 });
      expect(await overHttp.legacyCallbackOwner!(`token-${account}`)).toEqual({ account, generation: 2 });
      await overHttp.forgetLegacyCallbackToken!(`token-${account}`);
      expect(await overTcp.legacyCallbackOwner!(`token-${account}`)).toBeUndefined();
      await overHttp.setCallbackGeneration(account, 2);
      expect((await overTcp.append(account, change(3), 'k3', 1)).kind).toBe('retired');
      await expect.poll(() => pokes, { timeout: 10 * POLL_MS }).toBeGreaterThanOrEqual(1);
      unsubscribe();
    } finally {
      await overTcp.close();
      await overHttp.close();
    }
  });

  it('streams live to an instance on the HTTP store a webhook posted to an instance on Redis', async () => {
    const ACCOUNT = '55555555-5555-4555-8555-555555555555';
    const TOKEN = 'token-rest';
    const platform = await startStubPlatform({ [TOKEN]: ACCOUNT });
    const onRedis = await startFeedServerOn(platform, { redisUrl: redis.url });
    const onHttp = await startFeedServerOn(platform, {
      createStore: (config) =>
        createRedisRestFeedStore({ client: client(), maxEntries: config.feedMaxEntries, pollMs: POLL_MS }),
    });
    try {
      expect(
        (await fetch(`${onRedis.url}/feed/register`, { method: 'POST', headers: actingAs(TOKEN, STUB_ADMIN) })).status,
      ).toBe(200);
      const callback = platform.subscriptions.get(ACCOUNT)![0]!.callback_url;
      const { position } = (await (await fetch(`${onHttp.url}/feed`, { headers: bearer(TOKEN) })).json()) as FeedPage;
      const stream = await openStream(`${onHttp.url}/feed/stream?after=${position}`, TOKEN);
      expect(stream.res.status).toBe(200);
      await stream.until(() => stream.comments.includes('connected'));

      const sent = [jobNotification(platform.baseUrl), jobNotification(platform.baseUrl)];
      for (const n of sent) expect((await postJson(callback, n)).status).toBe(200);
      await stream.until(() => stream.changes().length === 2, 20 * POLL_MS);
      expect(stream.changes().map((c) => c.uuid)).toEqual(sent.map((n) => n.entry[0]!.uuid));
      stream.close();
    } finally {
      await onHttp.close();
      await onRedis.close();
      await platform.close();
    }
  });

  it('refuses to start, in words, when the HTTP store cannot be reached or refuses the token', async () => {
    const unreachable = createRedisRestClient({ url: 'http://127.0.0.1:1', token: 'whatever-token' });
    await expect(createRedisRestFeedStore({ client: unreachable, maxEntries: 10 })).rejects.toThrow(
      /Cannot reach the shared store \(Redis over HTTP\) for the change feed \(The shared store \(Redis over HTTP\) could not be reached\)/,
    );
    const wrongToken = createRedisRestClient({ url: rest.url, token: 'not-the-token-1234' });
    const refused = createRedisRestFeedStore({ client: wrongToken, maxEntries: 10 });
    await expect(refused).rejects.toThrow(/check REDIS_REST_TOKEN/);
    await expect(refused).rejects.not.toThrow(/not-the-token-1234/);
  });
});
