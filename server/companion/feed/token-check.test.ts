import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenChecker } from './token-check';

// A platform whose vendor.json answers by token: good → the account, 5xx → an outage, scope → 403.
let calls = 0;
let server: ReturnType<typeof serve>;
let baseUrl: string;

beforeAll(async () => {
  const app = new Hono().get('/api_1.0/vendor.json', (c) => {
    calls++;
    const token = (c.req.header('authorization') ?? '').replace('Bearer ', '');
    if (token === 'good') return c.json([{ uuid: 'acc-1' }]);
    if (token === 'object') return c.json({ uuid: 'acc-2' });
    if (token === 'outage') return c.text('down', 503);
    if (token === 'noscope') return c.json({ errorCode: 403, message: 'Missing scope vendor' }, 403);
    if (token === 'weird') return c.json([{ name: 'no uuid' }]);
    return c.json({ errorCode: 401, message: 'Invalid token' }, 401);
  });
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('token checker', () => {
  it('answers the account and caches it for the TTL, by token', async () => {
    let now = 1000;
    const checker = createTokenChecker({ platformBaseUrl: baseUrl, ttlMs: 60_000, now: () => now });
    const before = calls;
    expect(await checker.accountFor('good')).toBe('acc-1');
    expect(await checker.accountFor('object')).toBe('acc-2');
    expect(await checker.accountFor('good')).toBe('acc-1');
    expect(calls - before).toBe(2);
    now += 61_000;
    expect(await checker.accountFor('good')).toBe('acc-1');
    expect(calls - before).toBe(3);
  });

  it("by default trusts an answer for the token's whole life, and no longer (one platform request per token)", async () => {
    let now = 1000;
    const checker = createTokenChecker({ platformBaseUrl: baseUrl, lifetimeMs: 3_600_000, now: () => now });
    const before = calls;
    expect(await checker.accountFor('good')).toBe('acc-1');
    for (const later of [60_000, 15 * 60_000, 59 * 60_000]) {
      now = 1000 + later;
      expect(await checker.accountFor('good')).toBe('acc-1');
    }
    expect(calls - before).toBe(1);
    now = 1000 + 3_600_000;
    expect(await checker.accountFor('good')).toBe('acc-1');
    expect(calls - before).toBe(2);
  });

  it("takes a vouched token's account without asking, from its hand-out for its lifetime, and no longer", async () => {
    let now = 5000;
    const checker = createTokenChecker({ platformBaseUrl: baseUrl, lifetimeMs: 3_600_000, now: () => now });
    const before = calls;
    // Vouched for another account than the platform would say: the answer can only be the vouched one.
    await checker.vouch('good', 'acc-vouched');
    now += 60_000;
    expect(await checker.accountFor('good')).toBe('acc-vouched');
    expect(await checker.expiresBy('good')).toBe(5000 + 3_600_000);
    now = 5000 + 3_600_000 - 1;
    expect(await checker.accountFor('good')).toBe('acc-vouched');
    expect(calls - before).toBe(0);
    now = 5000 + 3_600_000;
    expect(await checker.accountFor('good')).toBe('acc-1');
    expect(calls - before).toBe(1);
  });

  it('maps refusals and outages to 401, 403 and 502, and does not remember outages', async () => {
    const checker = createTokenChecker({ platformBaseUrl: baseUrl });
    await expect(checker.accountFor('bad')).rejects.toMatchObject({ name: 'PlatformError', status: 401 });
    await expect(checker.accountFor('noscope')).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/Missing scope vendor/),
    });
    await expect(checker.accountFor('weird')).rejects.toMatchObject({ status: 502 });
    const before = calls;
    await expect(checker.accountFor('outage')).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/503/),
    });
    await expect(checker.accountFor('outage')).rejects.toMatchObject({ status: 502 });
    expect(calls - before).toBe(2);
  });

  it('answers 502 when the platform is unreachable', async () => {
    const checker = createTokenChecker({ platformBaseUrl: 'http://127.0.0.1:1' });
    await expect(checker.accountFor('good')).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/unreachable/),
    });
  });
});
