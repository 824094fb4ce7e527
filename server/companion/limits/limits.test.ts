import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisRestServer, type RedisRestServer } from '../../../tests/support/companion/redis-rest-server';
import { startRedisServer, type RedisServer } from '../../../tests/support/companion/redis-server';
import { DEFAULT_LIMITS } from '../config';
import { createRedisRestClient } from '../redis-rest/client';
import { createMemoryLimitStore } from './memory-limit-store';
import { createRateLimiter } from './rate-limit';
import { reachOverHttp } from '../redis-commands';
import { connectRedisCommands } from '../redis-connection';
import { createRedisLimitStore, LIMIT_STORE_PURPOSE } from './redis-limit-store';
import type { LimitStore } from './types';

// The limit stores, memory, Redis and Redis over HTTP alike, and the shared ones used by two instances: a flood
// spread over instances counts as one flood, and a stream slot taken on one instance is taken on all, whether
// each instance speaks Redis's own protocol or its HTTP API.

let redis: RedisServer;
let rest: RedisRestServer;
const opened: LimitStore[] = [];

beforeAll(async () => {
  redis = await startRedisServer(); // fails the file when redis-server is missing
  rest = await startRedisRestServer({ redisUrl: redis.url });
});
afterAll(async () => {
  for (const store of opened) await store.close();
  await rest?.stop();
  await redis?.stop();
});

const overHttp = async () =>
  createRedisLimitStore(
    await reachOverHttp(createRedisRestClient({ url: rest.url, token: rest.token }), LIMIT_STORE_PURPOSE),
  );
const overTcp = async () => createRedisLimitStore(await connectRedisCommands(redis.url, LIMIT_STORE_PURPOSE));

const stores: Array<[string, () => Promise<LimitStore>]> = [
  ['memory', async () => createMemoryLimitStore()],
  ['redis', overTcp],
  ['redis over HTTP', overHttp],
];

describe.each(stores)('%s limit store', (_name, create) => {
  let store: LimitStore;
  beforeAll(async () => {
    store = await create();
    opened.push(store);
  });

  it('counts hits per key in fixed windows', async () => {
    const key = `hits-${Math.random()}`;
    expect(await store.hit(key, 60_000, 120_000)).toBe(1);
    expect(await store.hit(key, 60_000, 150_000)).toBe(2);
    expect(await store.hit(`${key}-other`, 60_000, 150_000)).toBe(1);
    expect(await store.hit(key, 60_000, 180_000)).toBe(1); // the next window
  });

  it('takes a slot only when every key is under its cap, renews and releases it', async () => {
    const token = `token-${Math.random()}`;
    const account = `account-${Math.random()}`;
    const both = (cap: number, tokenKey = token) => [
      { key: tokenKey, cap },
      { key: account, cap: 3 },
    ];
    expect(await store.acquire(both(2), 'a', 1_000, 0)).toBe(true);
    expect(await store.acquire(both(2), 'b', 1_000, 0)).toBe(true);
    expect(await store.acquire(both(2), 'c', 1_000, 0)).toBe(false);
    // Refused slots take nothing: the account still has room for one more under another token.
    expect(await store.acquire(both(2, `${token}-2`), 'd', 1_000, 0)).toBe(true);
    expect(await store.acquire(both(2, `${token}-3`), 'e', 1_000, 0)).toBe(false);
    await store.release([token, account], 'a');
    expect(await store.acquire(both(2), 'c', 1_000, 0)).toBe(true);
    // Leases lapse unless renewed: 'b' is renewed, 'c' and 'd' are not.
    await store.renew([token, account], 'b', 1_000, 900);
    expect(await store.acquire(both(2), 'f', 1_000, 1_500)).toBe(true);
    expect(await store.acquire(both(2), 'g', 1_000, 1_500)).toBe(false);
  });
});

const pairs: Array<[string, () => Promise<LimitStore>, () => Promise<LimitStore>]> = [
  ['both on Redis', overTcp, overTcp],
  ['one on Redis, one over HTTP', overTcp, overHttp],
];

describe.each(pairs)('two instances sharing Redis, %s', (_name, createA, createB) => {
  it("count one flood together, and see each other's stream slots", async () => {
    const a = await createA();
    const b = await createB();
    opened.push(a, b);
    const limits = { ...DEFAULT_LIMITS, oauthPerInstallation: 3 };
    const [onA, onB] = [
      createRateLimiter({ store: a, limits, now: () => 5_000 }),
      createRateLimiter({ store: b, limits, now: () => 5_000 }),
    ];
    const subject = { kind: 'installation' as const, id: `flood-${Math.random()}` };
    const answers = [
      await onA.check(subject),
      await onB.check(subject),
      await onA.check(subject),
      await onB.check(subject),
    ];
    expect(answers.map((x) => x.ok)).toEqual([true, true, true, false]);
    expect(answers[3]).toMatchObject({ ok: false, subject, retryAfterSeconds: 595 });

    const slot = [{ key: `shared-${Math.random()}`, cap: 1 }];
    expect(await a.acquire(slot, 'one', 10_000, Date.now())).toBe(true);
    expect(await b.acquire(slot, 'two', 10_000, Date.now())).toBe(false);
  });
});
