import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackKey, signCallbackToken } from './feed/index';
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
