import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, bearer, jobNotification, postJson } from '../../../tests/support/companion/feed-client';
import { startFeedServerOn, type FeedServer } from '../../../tests/support/companion/feed-server';
import { startRedisServer, type RedisServer } from '../../../tests/support/companion/redis-server';
import { startStubPlatform, STUB_ADMIN, type StubSubscription } from '../../../tests/support/companion/stub-platform';
import { FIELDSIDE_SUBSCRIPTIONS } from '../feed/subscriptions/subscriptions';
import type { FeedPage } from '../feed/store/types';
import { deriveLegacyCallbackToken } from './legacy-callback-token';

// The way from callback URLs of the earlier form (`/webhooks/<bare HMAC>`, resolved through a Redis hash) to
// self-verifying ones: a companion upgraded in place keeps taking deliveries at the old URLs, an administrator's
// next register moves the subscriptions, and the next rotation retires the old URL and forgets its entry.

const ACCOUNT = '88888888-8888-4888-8888-888888888888';
const ROTATED = '99999999-9999-4999-8999-999999999999';
const TOKEN = 'token-legacy';
const ROTATED_TOKEN = 'token-legacy-rotated';
const SECRET = 'legacy-migration-test-secret-of-32-characters';
const LEGACY_HASH = 'fieldside:webhook-tokens';

let platform: Awaited<ReturnType<typeof startStubPlatform>>;
let redis: RedisServer;
let probe: Redis;
let companion: FeedServer;

/** A subscription as the platform lists it after an earlier version made it. */
function subscribedAt(callbackUrl: string): StubSubscription[] {
  return FIELDSIDE_SUBSCRIPTIONS.map((s) => ({
    type: 'object',
    uuid: crypto.randomUUID(),
    object: s.object,
    callback_url: callbackUrl,
    fields: [...s.fields],
    unique_id: s.unique_id,
    active: true,
    last_failure_reason: null,
    last_failure_at: null,
  }));
}

async function feed(token: string, after?: string): Promise<FeedPage> {
  const res = await fetch(`${companion.url}/feed${after ? `?after=${after}` : ''}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return (await res.json()) as FeedPage;
}

const challenge = (url: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'mode=subscribe&challenge=abc',
  });

/** Posts one notification; answers the status and whether it reached the account's feed. */
async function deliver(url: string, token: string): Promise<{ status: number; arrived: boolean }> {
  const start = (await feed(token)).position;
  const n = jobNotification(platform.baseUrl);
  const status = (await postJson(url, n)).status;
  return { status, arrived: (await feed(token, start)).changes.some((c) => c.uuid === n.entry[0]!.uuid) };
}

beforeAll(async () => {
  platform = await startStubPlatform({ [TOKEN]: ACCOUNT, [ROTATED_TOKEN]: ROTATED });
  redis = await startRedisServer(); // fails the file when redis-server is missing
  probe = new Redis(redis.url);
  companion = await startFeedServerOn(platform, { redisUrl: redis.url, signingSecret: SECRET });
});

afterAll(async () => {
  await companion?.close();
  probe?.disconnect();
  await platform?.close();
  await redis?.stop();
});

describe('callback URLs of the earlier form', () => {
  it("keep working after the upgrade, until an administrator's register moves them and a rotation retires them", async () => {
    // What the earlier version left: the token → account entry in Redis, and the platform's subscriptions at it.
    const legacy = await deriveLegacyCallbackToken(SECRET, ACCOUNT, 0);
    await probe.hset(LEGACY_HASH, legacy, ACCOUNT);
    const legacyUrl = `${companion.url}/webhooks/${legacy}`;
    platform.subscriptions.set(ACCOUNT, subscribedAt(legacyUrl));

    expect(await deliver(legacyUrl, TOKEN)).toEqual({ status: 200, arrived: true });
    expect(await (await challenge(legacyUrl)).text()).toBe('abc');

    // An administrator's register moves both subscriptions to the self-verifying URL (the platform verifies it).
    const registered = await fetch(`${companion.url}/feed/register`, {
      method: 'POST',
      headers: actingAs(TOKEN, STUB_ADMIN),
    });
    expect(((await registered.json()) as { refused: unknown[] }).refused).toEqual([]);
    const moved = platform.subscriptions.get(ACCOUNT)!;
    expect(moved.every((s) => s.active && new URL(s.callback_url).pathname.startsWith(`/webhooks/${ACCOUNT}.0.`))).toBe(
      true,
    );
    // Deliveries already on their way to the old URL still arrive.
    expect(await deliver(legacyUrl, TOKEN)).toEqual({ status: 200, arrived: true });
    expect(await deliver(moved[0]!.callback_url, TOKEN)).toEqual({ status: 200, arrived: true });

    // The next rotation retires generation 0 in both forms, and forgets the old entry.
    const rotated = await fetch(`${companion.url}/feed/rotate`, {
      method: 'POST',
      headers: actingAs(TOKEN, STUB_ADMIN),
    });
    expect(await rotated.json()).toEqual({ refused: [], retired: true });
    expect(await deliver(legacyUrl, TOKEN)).toEqual({ status: 404, arrived: false });
    expect((await challenge(legacyUrl)).status).toBe(404);
    expect(await probe.hexists(LEGACY_HASH, legacy)).toBe(0);
    expect(await deliver(platform.subscriptions.get(ACCOUNT)![0]!.callback_url, TOKEN)).toEqual({
      status: 200,
      arrived: true,
    });
  });

  it('are resolved for an account rotated before the upgrade, at its current generation only', async () => {
    const [gen0, gen1] = [
      await deriveLegacyCallbackToken(SECRET, ROTATED, 0),
      await deriveLegacyCallbackToken(SECRET, ROTATED, 1),
    ];
    await probe.hset(LEGACY_HASH, gen0, ROTATED, gen1, `${ROTATED}|1`);
    await probe.set(`fieldside:callback-generation:${ROTATED}`, '1');
    expect(await deliver(`${companion.url}/webhooks/${gen1}`, ROTATED_TOKEN)).toEqual({ status: 200, arrived: true });
    expect(await deliver(`${companion.url}/webhooks/${gen0}`, ROTATED_TOKEN)).toEqual({ status: 404, arrived: false });
  });

  it('are refused when the entry is not what the secret derives: forged, or pointing at another account', async () => {
    const forged = 'A'.repeat(43);
    await probe.hset(LEGACY_HASH, forged, ACCOUNT);
    expect((await postJson(`${companion.url}/webhooks/${forged}`, jobNotification(platform.baseUrl))).status).toBe(404);
    // A real token of one account, recorded as another's (a tampered hash): refused, nothing reaches either feed.
    const other = await deriveLegacyCallbackToken(SECRET, ROTATED, 5);
    await probe.hset(LEGACY_HASH, other, ACCOUNT);
    expect(await deliver(`${companion.url}/webhooks/${other}`, TOKEN)).toEqual({ status: 404, arrived: false });
  });
});
