import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import edge from './edge';
import { deriveCallbackToken } from './feed/index';
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
    const token = await deriveCallbackToken(SIGNING_SECRET, 'some-account-uuid');
    await fetch(`${companion.url}/webhooks/${token}`, { method: 'POST', body: 'mode=subscribe&challenge=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const text = JSON.stringify(lines);
    expect(text).toContain('/webhooks/:token');
    expect(text).not.toContain(token);
    expect(text).not.toContain('not-a-token');
  });
});

describe('edge entry', () => {
  it('answers through the same app, with the request origin as the public URL, and 500 when misconfigured', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const broken = await edge.fetch(new Request('http://127.0.0.1/health'), { CLIENT_ID: 'x' });
      expect(broken.status).toBe(500);
      expect(quiet.mock.calls.join(' ')).toMatch(/PLATFORM_BASE_URL/);
    } finally {
      quiet.mockRestore();
    }
    // The edge app logs its request lines to the console, as on a real edge runtime.
    const requestLines = vi.spyOn(console, 'log').mockImplementation(() => {});
    const env = { ...companionEnv({ baseUrl: 'http://127.0.0.1:1', authUrl: 'http://127.0.0.1:1', clientId: 'id', clientSecret: 'secret' }), PUBLIC_URL: undefined };
    const health = await edge.fetch(new Request('http://127.0.0.1/health'), env);
    expect(await health.json()).toEqual({ ok: true });
    const start = await edge.fetch(
      new Request('https://companion.example/oauth/start', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_url: 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/', scopes: ['vendor'] }),
      }),
      env,
    );
    const { authorize_url: authorizeUrl } = (await start.json()) as { authorize_url: string };
    // Built on the first request, whose origin was http://127.0.0.1.
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe('http://127.0.0.1/oauth/return');
    expect(requestLines.mock.calls.join('\n')).toContain('"/oauth/start"');
    requestLines.mockRestore();
  });
});
