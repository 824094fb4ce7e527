import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { sha256Base64Url } from '../../contracts/installation-binding';
import { CHROME_ID, CHROME_REDIRECT, companionEnv } from '../../tests/support/companion/env';
import { redisBehindRestForFile } from '../../tests/support/companion/redis-rest-server';
import { createEdgeEntry } from './edge';

// The edge entry, called as an edge runtime calls it (`fetch(request, env)`), here on Node: its choice of stores,
// and its public URL.
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

const servers = redisBehindRestForFile();

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
    const tcp = await refusal({ ...PRODUCTION, COMPANION_ENV: 'development', REDIS_URL: servers.redis.url });
    expect(tcp).toMatch(/REDIS_URL: an edge runtime cannot connect to Redis directly/);
    expect(tcp).not.toContain(servers.redis.url);
  });

  it('runs on memory in development', async () => {
    const res = await createEdgeEntry().fetch(get('/health'), { ...PRODUCTION, COMPANION_ENV: 'development' });
    expect(res.status).toBe(200);
  });

  it('counts its rate limits in the shared store over HTTP', async () => {
    const entry = createEdgeEntry();
    const env = { ...PRODUCTION, REDIS_REST_URL: servers.rest.url, REDIS_REST_TOKEN: servers.rest.token };
    const installation = await sha256Base64Url(`installation-${crypto.randomUUID()}`);
    const start = () =>
      entry.fetch(
        new Request('https://companion.example/oauth/start', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            redirect_url: CHROME_REDIRECT,
            scopes: ['jobs_read'],
            code_challenge: installation,
            installation,
          }),
        }),
        env,
      );
    expect((await start()).status).toBe(200);
    expect((await start()).status).toBe(200);
    const probe = new Redis(servers.redis.url);
    try {
      const [counter] = await probe.keys(`fieldside:limit:installation:${installation}:*`);
      expect(await probe.get(counter!)).toBe('2');
    } finally {
      probe.disconnect();
    }
  });
});

describe('the edge entry, like the Node one', () => {
  const startBody = (redirect = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/') =>
    JSON.stringify({
      redirect_url: redirect,
      scopes: ['vendor'],
      code_challenge: 'c'.repeat(43),
      installation: 'i'.repeat(43),
    });
  /** The Return URL an authorize URL names, from a start sent to `origin`. */
  async function returnUrlVia(
    entry: ReturnType<typeof createEdgeEntry>,
    origin: string,
    env: Record<string, string | undefined>,
  ): Promise<string | null> {
    const start = await entry.fetch(
      new Request(`${origin}/oauth/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: startBody(),
      }),
      env,
    );
    const { authorize_url: authorizeUrl } = (await start.json()) as { authorize_url: string };
    return new URL(authorizeUrl).searchParams.get('redirect_uri');
  }
  const quietly = async <T>(run: () => Promise<T>): Promise<{ result: T; logged: string }> => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const result = await run();
      return { result, logged: error.mock.calls.join(' ') };
    } finally {
      error.mockRestore();
      log.mockRestore();
    }
  };
  // Outside development the edge needs its shared store (edge-stores.ts).
  const production = () => ({
    ...companionEnv({
      baseUrl: 'https://api.platform.example',
      authUrl: 'https://go.platform.example',
      clientId: 'id',
      clientSecret: 'secret',
    }),
    COMPANION_ENV: 'production',
    REDIS_REST_URL: servers.rest.url,
    REDIS_REST_TOKEN: servers.rest.token,
  });

  it('answers 500 when misconfigured, naming the variable', async () => {
    const { result, logged } = await quietly(() =>
      createEdgeEntry().fetch(new Request('http://127.0.0.1/health'), { CLIENT_ID: 'x' }),
    );
    expect(result.status).toBe(500);
    expect(logged).toMatch(/PLATFORM_BASE_URL/);
  });

  it("outside development, refuses to start without PUBLIC_URL instead of taking the first request's Host", async () => {
    const { result, logged } = await quietly(() =>
      createEdgeEntry().fetch(
        new Request('https://attacker.example/oauth/start', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: startBody(),
        }),
        {
          ...production(),
          PUBLIC_URL: undefined,
        },
      ),
    );
    expect(result.status).toBe(500);
    expect(await result.json()).toMatchObject({ error: 'misconfigured' });
    expect(logged).toMatch(/PUBLIC_URL: required outside development/);
  });

  it('outside development, uses the configured PUBLIC_URL whatever Host the first request names', async () => {
    const env = { ...production(), PUBLIC_URL: 'https://companion.example' };
    const { result } = await quietly(() => returnUrlVia(createEdgeEntry(), 'https://attacker.example', env));
    expect(result).toMatch(/^https:\/\/companion\.example\/oauth\/return\/[A-Za-z0-9_-]{22}$/);
  });

  it("in development, takes the first request's origin as the public URL, and serves the same app", async () => {
    const env = {
      ...companionEnv({
        baseUrl: 'http://127.0.0.1:1',
        authUrl: 'http://127.0.0.1:1',
        clientId: 'id',
        clientSecret: 'secret',
      }),
      PUBLIC_URL: undefined,
    };
    const entry = createEdgeEntry();
    const { result: health } = await quietly(() => entry.fetch(new Request('http://127.0.0.1/health'), env));
    expect(await health.json()).toEqual({ ok: true });
    // Built on the first request, whose origin was http://127.0.0.1.
    const { result } = await quietly(() => returnUrlVia(entry, 'https://companion.example', env));
    expect(result).toMatch(/^http:\/\/127\.0\.0\.1\/oauth\/return\/[A-Za-z0-9_-]{22}$/);
  });
});
