import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, bearer, jobNotification, postJson } from '../../../tests/support/companion/feed-client';
import { startFeedServerOn, type FeedServer } from '../../../tests/support/companion/feed-server';
import { startRedisServer, type RedisServer } from '../../../tests/support/companion/redis-server';
import { startStubPlatform, STUB_ADMIN } from '../../../tests/support/companion/stub-platform';
import type { FeedPage } from '../feed/store/types';
import { tampered } from '../../../tests/support/companion/tampered';
import { callbackKey, signCallbackToken } from './callback-token';

// Callback URLs that verify themselves (issue 19): `/webhooks/<account>.<generation>.<mac>`. Any instance that
// shares the signing secret answers for them without having issued them or looked them up; nothing else passes.

const ACCOUNT = '66666666-6666-4666-8666-666666666666';
const OTHER = '77777777-7777-4777-8777-777777777777';
const TOKEN = 'token-self-verifying';
const OTHER_TOKEN = 'token-self-verifying-other';
const SECRET = 'self-verifying-test-secret-of-32-characters-or-more';

let platform: Awaited<ReturnType<typeof startStubPlatform>>;
let redis: RedisServer;
const servers: FeedServer[] = [];

async function start(opts: { redisUrl?: string; signingSecret?: string } = {}): Promise<FeedServer> {
  const server = await startFeedServerOn(platform, { signingSecret: SECRET, ...opts });
  servers.push(server);
  return server;
}

/** The platform's verification request, as it sends it. */
function challenge(url: string, value = 'a-challenge-42'): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ mode: 'subscribe', challenge: value }),
  });
}

async function feed(server: FeedServer, token = TOKEN, after?: string): Promise<FeedPage> {
  const res = await fetch(`${server.url}/feed${after ? `?after=${after}` : ''}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return (await res.json()) as FeedPage;
}

/** An administrator's register on `server`: the platform (the stub) verifies the URL and keeps it. */
async function callbackPathVia(server: FeedServer, token = TOKEN, account = ACCOUNT): Promise<string> {
  const res = await fetch(`${server.url}/feed/register`, { method: 'POST', headers: actingAs(token, STUB_ADMIN) });
  expect(res.status).toBe(200);
  return new URL(platform.subscriptions.get(account)![0]!.callback_url).pathname;
}

/** Both ways in (a verification and a notification) are refused as unknown, and nothing reaches either feed. */
async function expectRefused(server: FeedServer, path: string): Promise<void> {
  const [before, beforeOther] = [await feed(server), await feed(server, OTHER_TOKEN)];
  const verification = await challenge(`${server.url}${path}`);
  expect(verification.status).toBe(404);
  expect(await verification.text()).not.toContain('a-challenge-42');
  const notification = await postJson(`${server.url}${path}`, jobNotification(platform.baseUrl));
  expect(notification.status).toBe(404);
  expect(await notification.json()).toEqual({ error: 'unknown_callback', message: 'Unknown webhook callback URL' });
  expect((await feed(server, TOKEN, before.position)).changes).toEqual([]);
  expect((await feed(server, OTHER_TOKEN, beforeOther.position)).changes).toEqual([]);
}

beforeAll(async () => {
  platform = await startStubPlatform({ [TOKEN]: ACCOUNT, [OTHER_TOKEN]: OTHER });
  redis = await startRedisServer(); // fails the file when redis-server is missing
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await platform?.close();
  await redis?.stop();
});

describe('self-verifying callback URLs', () => {
  it('carry the account, the generation and a MAC', async () => {
    const issuer = await start();
    expect(await callbackPathVia(issuer)).toMatch(new RegExp(`^/webhooks/${ACCOUNT}\\.0\\.[A-Za-z0-9_-]{43}$`));
  });

  it('are answered by an instance that never issued them and shares nothing but the signing secret', async () => {
    const issuer = await start();
    const path = await callbackPathVia(issuer);
    // Its own memory store, its own process state: it has never seen this account or its token.
    const stranger = await start();
    const verification = await challenge(`${stranger.url}${path}`, 'Zx9_-a.b~c 42');
    expect(verification.status).toBe(200);
    expect(await verification.text()).toBe('Zx9_-a.b~c 42');
    const start0 = (await feed(stranger)).position;
    const n = jobNotification(platform.baseUrl);
    expect(await (await postJson(`${stranger.url}${path}`, n)).json()).toEqual({ ok: true, duplicate: false });
    expect((await feed(stranger, TOKEN, start0)).changes.map((c) => c.uuid)).toEqual([n.entry[0]!.uuid]);
  });

  it('refuse a forged MAC: one character changed, or signed with another secret', async () => {
    const server = await start();
    const path = await callbackPathVia(server);
    await expectRefused(server, tampered(path));
    const otherDeployment = await signCallbackToken(
      await callbackKey('another-deployment-secret-of-32-characters'),
      ACCOUNT,
      0,
    );
    await expectRefused(server, `/webhooks/${otherDeployment}`);
  });

  it("refuse another account's MAC under this account, and this account's under another", async () => {
    const server = await start();
    const mine = (await callbackPathVia(server)).split('.').at(-1)!;
    const theirs = (await callbackPathVia(server, OTHER_TOKEN, OTHER)).split('.').at(-1)!;
    await expectRefused(server, `/webhooks/${ACCOUNT}.0.${theirs}`);
    await expectRefused(server, `/webhooks/${OTHER}.0.${mine}`);
    // The MAC covers the generation too.
    await expectRefused(server, `/webhooks/${ACCOUNT}.1.${mine}`);
  });

  it('refuse malformed tokens', async () => {
    const server = await start();
    const mac = (await callbackPathVia(server)).split('.').at(-1)!;
    for (const token of [
      `${ACCOUNT}.00.${mac}`,
      `${ACCOUNT}.-1.${mac}`,
      `${ACCOUNT}..${mac}`,
      `.0.${mac}`,
      `${ACCOUNT}.0.${mac}.0`,
      `${ACCOUNT}.0.${mac.slice(1)}`,
    ]) {
      await expectRefused(server, `/webhooks/${token}`);
    }
  });

  it('answer the challenge of the next generation before a rotation raises it (the platform verifies the new URL first)', async () => {
    const server = await start();
    await callbackPathVia(server);
    const next = await signCallbackToken(await callbackKey(SECRET), ACCOUNT, 1);
    const verification = await challenge(`${server.url}/webhooks/${next}`);
    expect(verification.status).toBe(200);
    expect(await verification.text()).toBe('a-challenge-42');
  });

  it('refuse a retired generation on every instance sharing Redis, whichever rotated, and store no token', async () => {
    const a = await start({ redisUrl: redis.url });
    const b = await start({ redisUrl: redis.url });
    const old = await callbackPathVia(a, OTHER_TOKEN, OTHER);
    const rotated = await fetch(`${b.url}/feed/rotate`, { method: 'POST', headers: actingAs(OTHER_TOKEN, STUB_ADMIN) });
    expect(await rotated.json()).toEqual({ refused: [], retired: true });
    const fresh = new URL(platform.subscriptions.get(OTHER)![0]!.callback_url).pathname;
    expect(fresh).toMatch(new RegExp(`^/webhooks/${OTHER}\\.1\\.`));

    const position = (await feed(a, OTHER_TOKEN)).position;
    for (const server of [a, b]) {
      const stale = await challenge(`${server.url}${old}`);
      expect(stale.status).toBe(404);
      expect((await postJson(`${server.url}${old}`, jobNotification(platform.baseUrl))).status).toBe(404);
      expect((await challenge(`${server.url}${fresh}`)).status).toBe(200);
    }
    const n = jobNotification(platform.baseUrl);
    expect((await postJson(`${a.url}${fresh}`, n)).status).toBe(200);
    expect((await feed(b, OTHER_TOKEN, position)).changes.map((c) => c.uuid)).toEqual([n.entry[0]!.uuid]);

    // Nothing about the token was written anywhere: it is its own proof.
    const { Redis } = await import('ioredis');
    const probe = new Redis(redis.url);
    try {
      expect(await probe.keys('fieldside:webhook-token*')).toEqual([]);
    } finally {
      probe.disconnect();
    }
  });
});
