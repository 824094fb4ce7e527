import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import type { LogLine } from '../../../server/companion/request-log';
import { startCompanion, type RunningCompanion } from '../../../server/companion/start';
import { companionEnv, freePort } from '../../support/companion/env';
import { startRedisServer, type RedisServer } from '../../support/companion/redis-server';

// What an operator and a load balancer see, over real HTTP: /health (the process) apart from /ready (its store),
// the limits on request bodies, and log lines that are JSON and never carry a callback URL's secret path.

const platformOn = async (): Promise<string> => `http://127.0.0.1:${await freePort()}`;
const env = async (extra: Record<string, string> = {}) => ({
  ...companionEnv({
    baseUrl: await platformOn(),
    authUrl: await platformOn(),
    clientId: 'the-client-id',
    clientSecret: 'the-client-secret',
  }),
  ...extra,
});

describe('with the change feed in memory', () => {
  let companion: RunningCompanion;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    companion = await startCompanion(await env(), { log: (line) => lines.push(line) });
  });
  afterAll(() => companion?.close());

  it('is healthy and ready', async () => {
    expect(await (await fetch(`${companion.url}${COMPANION_PATHS.health}`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${companion.url}${COMPANION_PATHS.ready}`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });
  });

  it.each([
    ['a feed registration', COMPANION_PATHS.feedRegister, 2 * 1024],
    ['a feed rotation', COMPANION_PATHS.feedRotate, 2 * 1024],
    ['a sign-in start', COMPANION_PATHS.oauthStart, 17 * 1024],
    ['a token exchange', COMPANION_PATHS.oauthToken, 17 * 1024],
  ])('refuses %s with a body too large for it, in words, before reading it', async (_name, path, size) => {
    const res = await fetch(`${companion.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer some-token' },
      body: JSON.stringify({ padding: 'x'.repeat(size) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      message: 'The request is too large for the companion',
    });
  });

  it('logs one JSON line per request with its level, and never a webhook path, whatever its shape', async () => {
    const secretPath = 'acct-0f3c9e/gen-73519/c2VjcmV0LW1hYy1vZi10aGUtY2FsbGJhY2s';
    await fetch(`${companion.url}/webhooks/${secretPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mode=subscribe&challenge=abc',
    });
    const line = lines.find((l) => l.path === '/webhooks/:token');
    expect(line).toMatchObject({ level: 'info', method: 'POST', status: expect.any(Number), ms: expect.any(Number) });
    const text = JSON.stringify(lines);
    for (const part of secretPath.split('/')) expect(text).not.toContain(part);
  });
});

describe('with the change feed in Redis', () => {
  let redis: RedisServer;
  let companion: RunningCompanion;
  beforeAll(async () => {
    redis = await startRedisServer();
    companion = await startCompanion(await env({ REDIS_URL: redis.url }), { log: () => {} });
  });
  afterAll(async () => {
    await companion?.close();
    await redis?.stop();
  });

  it('is ready while Redis answers, unready in words once it does not, and healthy all along', async () => {
    expect((await fetch(`${companion.url}${COMPANION_PATHS.ready}`)).status).toBe(200);
    await redis.stop();
    const ready = await fetch(`${companion.url}${COMPANION_PATHS.ready}`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: 'not_ready',
      message:
        'The companion cannot reach its change-feed store, so it is not taking requests until it can. It keeps trying.',
    });
    const health = await fetch(`${companion.url}${COMPANION_PATHS.health}`);
    expect(health.status).toBe(200);
  });
});
