import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Base64Url } from '../../contracts/installation-binding';
import { CHROME_ID, CHROME_REDIRECT } from '../../tests/support/companion/env';
import { startRedisRestServer, type RedisRestServer } from '../../tests/support/companion/redis-rest-server';
import { startRedisServer, type RedisServer } from '../../tests/support/companion/redis-server';
import { createEdgeEntry } from './edge';

// The edge entry's choice of stores, called as an edge runtime calls it (`fetch(request, env)`), here on Node.
// The same entry on a real edge runtime: tests/integration/companion/edge-workerd.test.ts.

const PRODUCTION: Record<string, string> = {
  PLATFORM_BASE_URL: 'https://api.platform.example',
  PLATFORM_AUTH_URL: 'https://go.platform.example',
  CLIENT_ID: 'client-id',
  CLIENT_SECRET: 'very-secret-client-secret-value',
  ALLOWED_EXTENSION_IDS: CHROME_ID,
  PUBLIC_URL: 'https://companion.example',
  SIGNING_SECRET: 'edge-signing-secret-0123456789abcdef',
};

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

const get = (path: string) => new Request(`https://companion.example${path}`);

async function refusal(env: Record<string, string>): Promise<string> {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const res = await createEdgeEntry().fetch(get('/health'), env);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'misconfigured', message: 'The companion is not configured correctly' });
    return errors.mock.calls.map((call) => String(call[0])).join('\n');
  } finally {
    errors.mockRestore();
  }
}

describe('the edge entry', () => {
  it('refuses memory stores outside development, and Redis over TCP anywhere, naming the variable', async () => {
    expect(await refusal(PRODUCTION)).toMatch(/REDIS_REST_URL: required at the edge outside development/);
    const tcp = await refusal({ ...PRODUCTION, COMPANION_ENV: 'development', REDIS_URL: redis.url });
    expect(tcp).toMatch(/REDIS_URL: an edge runtime cannot connect to Redis directly/);
    expect(tcp).not.toContain(redis.url);
  });

  it('runs on memory in development', async () => {
    const res = await createEdgeEntry().fetch(get('/health'), { ...PRODUCTION, COMPANION_ENV: 'development' });
    expect(res.status).toBe(200);
  });

  it('counts its rate limits in the shared store over HTTP', async () => {
    const entry = createEdgeEntry();
    const env = { ...PRODUCTION, REDIS_REST_URL: rest.url, REDIS_REST_TOKEN: rest.token };
    const installation = await sha256Base64Url(`installation-${crypto.randomUUID()}`);
    const start = () =>
      entry.fetch(
        new Request('https://companion.example/oauth/start', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_url: CHROME_REDIRECT, scopes: ['jobs_read'], code_challenge: installation, installation }),
        }),
        env,
      );
    expect((await start()).status).toBe(200);
    expect((await start()).status).toBe(200);
    const probe = new Redis(redis.url);
    try {
      const [counter] = await probe.keys(`fieldside:limit:installation:${installation}:*`);
      expect(await probe.get(counter!)).toBe('2');
    } finally {
      probe.disconnect();
    }
  });
});
