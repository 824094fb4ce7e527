import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeBase64Url } from '../base64url';
import { EVENT_MAX_AGE_MS, signAddonEvent, verifyAddonEvent } from './event-token';

// The platform's signed event, checked the way an attacker would try it: other algorithms, no signature, a
// signature by another key, a payload outside the contract, an age outside the window.

const SECRET = 'the-app-secret';
const NOW = 1_790_000_000_000;
const secs = (ms: number) => Math.floor(ms / 1000);
const payload = (over: Record<string, unknown> = {}) => ({
  eventVersion: '1.0',
  eventName: 'Fieldside_Job',
  auth: { accountUUID: '2c9a6e0e-0000-4000-8000-000000000001', staffUUID: '2c9a6e0e-0000-4000-8000-000000000002' },
  eventArgs: { jobUUID: '2c9a6e0e-0000-4000-8000-000000000003' },
  iat: secs(NOW),
  ...over,
});
const part = (value: unknown) => encodeBase64Url(new TextEncoder().encode(JSON.stringify(value)));

afterEach(() => vi.restoreAllMocks());

describe('verifyAddonEvent', () => {
  it("accepts the platform's token, with the event name in lower case and the token's end of life", async () => {
    const check = await verifyAddonEvent(SECRET, await signAddonEvent(SECRET, payload()), NOW);
    expect(check).toMatchObject({
      ok: true,
      event: { eventName: 'fieldside_job' },
      endOfLifeMs: secs(NOW) * 1000 + EVENT_MAX_AGE_MS,
    });
    const withExp = await verifyAddonEvent(SECRET, await signAddonEvent(SECRET, payload({ exp: secs(NOW) + 60 })), NOW);
    expect(withExp.ok && withExp.endOfLifeMs).toBe((secs(NOW) + 60) * 1000);
  });

  it.each([
    ['none', { alg: 'none', typ: 'JWT' }],
    ['HS512', { alg: 'HS512', typ: 'JWT' }],
    ['RS256', { alg: 'RS256', typ: 'JWT' }],
    ['hs256 in lower case', { alg: 'hs256', typ: 'JWT' }],
    ['no alg', { typ: 'JWT' }],
  ])('refuses alg %s before any signature work', async (_, header) => {
    const token = await signAddonEvent(SECRET, payload(), header);
    const sign = vi.spyOn(crypto.subtle, 'sign');
    expect(await verifyAddonEvent(SECRET, token, NOW)).toEqual({ ok: false, problem: 'algorithm' });
    expect(sign).not.toHaveBeenCalled();
  });

  it.each([
    ['another key', async () => signAddonEvent('another-secret', payload())],
    ['no signature', async () => `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload())}.${'A'.repeat(43)}`],
    [
      'a changed payload',
      async () => {
        const [h, , s] = (await signAddonEvent(SECRET, payload())).split('.');
        return `${h}.${part(payload({ auth: { accountUUID: '2c9a6e0e-0000-4000-8000-000000000009', staffUUID: '2c9a6e0e-0000-4000-8000-000000000002' } }))}.${s}`;
      },
    ],
  ])('refuses a signature by %s', async (_, make) => {
    expect(await verifyAddonEvent(SECRET, await make(), NOW)).toEqual({ ok: false, problem: 'signature' });
  });

  it.each([
    ['two parts', async () => (await signAddonEvent(SECRET, payload())).split('.').slice(0, 2).join('.')],
    [
      'an empty signature',
      async () => `${(await signAddonEvent(SECRET, payload())).split('.').slice(0, 2).join('.')}.`,
    ],
    ['a header that is not JSON', async () => `bm90IGpzb24.${part(payload())}.sig`],
    ['a typ other than JWT', async () => signAddonEvent(SECRET, payload(), { alg: 'HS256', typ: 'JWE' })],
    ['a crit header', async () => signAddonEvent(SECRET, payload(), { alg: 'HS256', crit: ['exp'] })],
    ['no iat', async () => signAddonEvent(SECRET, { ...payload(), iat: undefined })],
    ['another eventVersion', async () => signAddonEvent(SECRET, payload({ eventVersion: '2.0' }))],
    [
      'a staff that is no uuid',
      async () =>
        signAddonEvent(
          SECRET,
          payload({ auth: { accountUUID: '2c9a6e0e-0000-4000-8000-000000000001', staffUUID: 'admin' } }),
        ),
    ],
  ])('refuses %s as malformed', async (_, make) => {
    expect(await verifyAddonEvent(SECRET, await make(), NOW)).toEqual({ ok: false, problem: 'malformed' });
  });

  it.each([
    ['an iat just over five minutes old', payload({ iat: secs(NOW - EVENT_MAX_AGE_MS) - 1 })],
    ['an iat more than a minute ahead', payload({ iat: secs(NOW) + 61 })],
    ['an exp now', payload({ exp: secs(NOW) })],
  ])('refuses %s as expired', async (_, body) => {
    expect(await verifyAddonEvent(SECRET, await signAddonEvent(SECRET, body), NOW)).toEqual({
      ok: false,
      problem: 'expired',
    });
  });

  it.each([
    ['four and a half minutes old', payload({ iat: secs(NOW - 270_000) })],
    ['a minute ahead', payload({ iat: secs(NOW) + 60 })],
  ])('accepts an iat %s', async (_, body) => {
    expect((await verifyAddonEvent(SECRET, await signAddonEvent(SECRET, body), NOW)).ok).toBe(true);
  });
});
