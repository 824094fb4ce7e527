import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRetryable } from '../api/errors';
import { classifyFailure } from '../outbox/classify';
import { createCompanionClient } from './companion-client';
import { createInstallationKeys } from './installation-key';
import { createSecretStore } from './secrets/store';
import { createTokenKeeper } from './token-keeper';

// How the extension reads the companion's refusals during a token refresh, against a small local
// server that answers what each case needs: a busy or failing companion is "try again later" (the
// tokens stay, the outbox keeps trying), and only invalid_grant means "sign in again".

let server: Server;
let url: string;
let next: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

// The refresh is signed with a real installation key (kept in its own store), as the background does.
// It is kept, as after a completed sign-in.
const installation = createInstallationKeys({
  secrets: createSecretStore(`fieldside-secrets-companion-keys-${Date.now()}`),
});
beforeAll(async () => {
  await installation.publicKey();
  await installation.keep();
});
const client = () => createCompanionClient({ companionUrl: async () => url, installation });

describe('the companion refusing a refresh', () => {
  it.each<[string, number, string, Record<string, string>, string]>([
    [
      '429, rate limited (with Retry-After)',
      429,
      JSON.stringify({ error: 'rate_limited', message: 'Too many requests' }),
      { 'retry-after': '7' },
      'RateLimitedError',
    ],
    ['429 that names invalid_grant', 429, JSON.stringify({ error: 'invalid_grant' }), {}, 'RateLimitedError'],
    [
      '502, the platform unavailable',
      502,
      JSON.stringify({ error: 'platform_unavailable', message: 'The platform answered 503' }),
      {},
      'ServerError',
    ],
    ['503 from a proxy, not JSON', 503, '<html>busy</html>', {}, 'ServerError'],
    ['500 that names invalid_grant', 500, JSON.stringify({ error: 'invalid_grant' }), {}, 'ServerError'],
  ])('%s: try again later, never "sign in again"', async (_name, status, body, headers, expected) => {
    next = { status, body, headers };
    const error = await client()
      .refresh('r1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: expected, status });
    expect(isRetryable(error)).toBe(true);
    // A note waiting in the outbox keeps waiting: it is not marked failed for the person to fix.
    expect(classifyFailure(error, 'note', 0).transient).toBe(true);
    if (status === 429 && headers['retry-after']) expect(error).toMatchObject({ retryAfterMs: 7_000 });
  });

  it('keeps the tokens when the companion is busy, and uses them again once it answers', async () => {
    const secrets = createSecretStore(`fieldside-secrets-companion-${Date.now()}`);
    let revoked = 0;
    const companion = client();
    const keeper = createTokenKeeper({
      secrets,
      refresh: (token) => companion.refresh(token),
      onRevoked: async () => void revoked++,
    });
    await keeper.store({
      access_token: 'a1',
      refresh_token: 'r1',
      expires_in: 3600,
      token_type: 'bearer',
      scope: 'vendor',
    });
    next = { status: 429, body: JSON.stringify({ error: 'rate_limited' }) };
    await expect(keeper.refresh()).rejects.toMatchObject({ name: 'RateLimitedError' });
    await new Promise((r) => setTimeout(r, 0));
    expect(revoked).toBe(0);
    expect((await secrets.get('oauthTokens'))?.refreshToken).toBe('r1');
    next = {
      status: 200,
      body: JSON.stringify({
        access_token: 'a2',
        refresh_token: 'r2',
        expires_in: 3600,
        token_type: 'bearer',
        scope: 'vendor',
      }),
    };
    expect((await keeper.refresh()).accessToken).toBe('a2');
    secrets.close();
  });

  it('signs out only on invalid_grant', async () => {
    next = { status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'revoked' }) };
    await expect(client().refresh('r1')).rejects.toMatchObject({ name: 'SignedOutError' });
  });
});
