import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEdgeEntry } from './edge';
import { callbackKey, signCallbackToken } from './feed/index';
import type { LogLine } from './request-log';
import { startCompanion, type RunningCompanion } from './start';
import { companionEnv, freePort, SIGNING_SECRET } from '../../tests/support/companion/env';

// The composition: OAuth routes and the feed module (webhooks, change feed) behind one server, one log.

let companion: RunningCompanion;
const lines: LogLine[] = [];

beforeAll(async () => {
  const platform = `http://127.0.0.1:${await freePort()}`;
  companion = await startCompanion(
    companionEnv({ baseUrl: platform, authUrl: platform, clientId: 'the-client-id', clientSecret: 'the-client-secret' }),
    { log: (line) => lines.push(line) },
  );
});
afterAll(() => companion.close());

describe('companion composition', () => {
  it('serves the OAuth routes and the feed module side by side', async () => {
    expect((await fetch(`${companion.url}/health`)).status).toBe(200);
    const feed = await fetch(`${companion.url}/feed`);
    expect(feed.status).toBe(401);
    expect(await feed.json()).toHaveProperty('error');
    const webhook = await fetch(`${companion.url}/webhooks/not-a-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mode=subscribe&challenge=abc',
    });
    expect(webhook.status).toBe(404);
  });

  it('logs webhook paths without their callback token', async () => {
    const token = await signCallbackToken(await callbackKey(SIGNING_SECRET), 'some-account-uuid', 0);
    await fetch(`${companion.url}/webhooks/${token}`, { method: 'POST', body: 'mode=subscribe&challenge=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const text = JSON.stringify(lines);
    expect(text).toContain('/webhooks/:token');
    expect(text).not.toContain(token);
    expect(text).not.toContain('not-a-token');
  });
});

describe('edge entry', () => {
  const startBody = (redirect = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/') =>
    JSON.stringify({ redirect_url: redirect, scopes: ['vendor'], code_challenge: 'c'.repeat(43), installation: 'i'.repeat(43) });
  /** The Return URL an authorize URL names, from a start sent to `origin`. */
  async function returnUrlVia(entry: ReturnType<typeof createEdgeEntry>, origin: string, env: Record<string, string | undefined>): Promise<string | null> {
    const start = await entry.fetch(new Request(`${origin}/oauth/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: startBody() }), env);
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
  const production = {
    ...companionEnv({ baseUrl: 'https://api.platform.example', authUrl: 'https://go.platform.example', clientId: 'id', clientSecret: 'secret' }),
    COMPANION_ENV: 'production',
  };

  it('answers 500 when misconfigured, naming the variable', async () => {
    const { result, logged } = await quietly(() => createEdgeEntry().fetch(new Request('http://127.0.0.1/health'), { CLIENT_ID: 'x' }));
    expect(result.status).toBe(500);
    expect(logged).toMatch(/PLATFORM_BASE_URL/);
  });

  it('outside development, refuses to start without PUBLIC_URL instead of taking the first request\'s Host', async () => {
    const { result, logged } = await quietly(() =>
      createEdgeEntry().fetch(new Request('https://attacker.example/oauth/start', { method: 'POST', headers: { 'content-type': 'application/json' }, body: startBody() }), {
        ...production,
        PUBLIC_URL: undefined,
      }),
    );
    expect(result.status).toBe(500);
    expect(await result.json()).toMatchObject({ error: 'misconfigured' });
    expect(logged).toMatch(/PUBLIC_URL: required outside development/);
  });

  it('outside development, uses the configured PUBLIC_URL whatever Host the first request names', async () => {
    const env = { ...production, PUBLIC_URL: 'https://companion.example' };
    const { result } = await quietly(() => returnUrlVia(createEdgeEntry(), 'https://attacker.example', env));
    expect(result).toBe('https://companion.example/oauth/return');
  });

  it('in development, takes the first request\'s origin as the public URL, and serves the same app', async () => {
    const env = { ...companionEnv({ baseUrl: 'http://127.0.0.1:1', authUrl: 'http://127.0.0.1:1', clientId: 'id', clientSecret: 'secret' }), PUBLIC_URL: undefined };
    const entry = createEdgeEntry();
    const { result: health } = await quietly(() => entry.fetch(new Request('http://127.0.0.1/health'), env));
    expect(await health.json()).toEqual({ ok: true });
    // Built on the first request, whose origin was http://127.0.0.1.
    const { result } = await quietly(() => returnUrlVia(entry, 'https://companion.example', env));
    expect(result).toBe('http://127.0.0.1/oauth/return');
  });
});
