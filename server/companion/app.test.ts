import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanionApp } from './app';
import { loadConfig, type CompanionConfig } from './config';
import { callbackKey, signCallbackToken } from './feed/index';
import { nodeStores } from './node-stores';
import type { LogLine } from './request-log';
import { startCompanion, type RunningCompanion } from './start';
import { companionEnv, freePort, SIGNING_SECRET } from '../../tests/support/companion/env';

// The composition: OAuth routes and the feed module (webhooks, change feed) behind one server, one log. The same
// app behind the edge entry: edge.test.ts.

let companion: RunningCompanion;
const lines: LogLine[] = [];

beforeAll(async () => {
  const platform = `http://127.0.0.1:${await freePort()}`;
  companion = await startCompanion(
    companionEnv({
      baseUrl: platform,
      authUrl: platform,
      clientId: 'the-client-id',
      clientSecret: 'the-client-secret',
    }),
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
    await fetch(`${companion.url}/webhooks/${token}`, {
      method: 'POST',
      body: 'mode=subscribe&challenge=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const text = JSON.stringify(lines);
    expect(text).toContain('/webhooks/:token');
    expect(text).not.toContain(token);
    expect(text).not.toContain('not-a-token');
  });
});

describe('a webhook delivery whose store fails before the append', () => {
  // The platform retries a delivery answered 503; the route answers its own failures, as the feed's routes do.
  it('is answered 503 server_error, and logged as one request line', async () => {
    const platform = `http://127.0.0.1:${await freePort()}`;
    const env = companionEnv({ baseUrl: platform, authUrl: platform, clientId: 'id', clientSecret: 'secret' });
    const failing = async (config: CompanionConfig) => {
      const store = await nodeStores.feed(config);
      const down = () => Promise.reject(new Error('the store is down'));
      return { ...store, legacyCallbackOwner: down, callbackGeneration: down };
    };
    const seen: LogLine[] = [];
    const built = await createCompanionApp(
      loadConfig(env, { listeningUrl: 'http://127.0.0.1:1' }),
      { ...nodeStores, feed: failing },
      { log: (line) => seen.push(line) },
    );
    try {
      const token = await signCallbackToken(await callbackKey(SIGNING_SECRET), 'some-account-uuid', 0);
      // A token of the earlier form is looked up in the store; a challenge asks the store for the current generation.
      for (const path of [`/webhooks/${'A'.repeat(43)}`, `/webhooks/${token}`]) {
        const answer = await built.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'mode=subscribe&challenge=abc',
        });
        expect(answer.status).toBe(503);
        expect(await answer.json()).toEqual({
          error: 'server_error',
          message: 'The companion failed to handle the request; retry later',
        });
      }
      expect(seen).toEqual([
        { level: 'error', method: 'POST', path: '/webhooks/:token', status: 503, ms: expect.any(Number) },
        { level: 'error', method: 'POST', path: '/webhooks/:token', status: 503, ms: expect.any(Number) },
      ]);
    } finally {
      await built.close();
    }
  });
});
