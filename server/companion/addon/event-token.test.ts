import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  eventWithHeader,
  rsaSignedEvent,
  signEvent,
  unsecuredEvent,
} from '../../../tests/support/companion/event-signing';
import { CLOCK_TOLERANCE_S, EVENT_IAT_MAX_AGE_S, verifyAddonEvent } from './event-token';

// The platform's signed event, checked as the platform documents it (the event object, no time claims) and the way
// an attacker would try it: other algorithms, no signature, a signature by another key, a payload outside the
// contract, time claims that cannot be true.

const SECRET = 'the-app-secret';
const NOW = 1_790_000_000_000;
const secs = (ms: number) => Math.floor(ms / 1000);
const ACCOUNT = '2c9a6e0e-0000-4000-8000-000000000001';
const STAFF = '2c9a6e0e-0000-4000-8000-000000000002';
const JOB = '2c9a6e0e-0000-4000-8000-000000000003';
/** The event object as the documentation lists it: nothing more. */
const documented = (over: Record<string, unknown> = {}) => ({
  eventVersion: '1.0',
  eventName: 'Fieldside_Job',
  auth: { accountUUID: ACCOUNT, staffUUID: STAFF, accessTokenExpiry: secs(NOW) + 3000 },
  eventArgs: { jobUUID: JOB },
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('verifyAddonEvent', () => {
  it('accepts the documented event, with no iat or exp, as a verified event carrying who and which account', async () => {
    const token = await signEvent(SECRET, documented());
    expect(await verifyAddonEvent(SECRET, token, NOW)).toEqual({
      ok: true,
      event: { name: 'fieldside_job', accountUUID: ACCOUNT, staffUUID: STAFF, args: { jobUUID: JOB } },
    });
    // Pure: the very same token again is the very same event.
    expect(await verifyAddonEvent(SECRET, token, NOW + 3_600_000)).toEqual(await verifyAddonEvent(SECRET, token, NOW));
  });

  it('accepts an event with fields the documentation does not list (the platform may add some)', async () => {
    const token = await signEvent(SECRET, documented({ jti: 'x', auth: { accountUUID: ACCOUNT, staffUUID: STAFF } }));
    expect((await verifyAddonEvent(SECRET, token, NOW)).ok).toBe(true);
  });

  it.each([
    ['none', () => unsecuredEvent(documented())],
    ['HS512, validly signed with the App Secret', () => signEvent(SECRET, documented(), 'HS512')],
    ['RS256, validly signed with a key of its own', () => rsaSignedEvent(documented())],
    ['hs256 in lower case', async () => eventWithHeader(SECRET, { alg: 'hs256', typ: 'JWT' }, documented())],
  ])('refuses alg %s before any signature work', async (_, make) => {
    const token = await make();
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const sign = vi.spyOn(crypto.subtle, 'sign');
    expect(await verifyAddonEvent(SECRET, token, NOW)).toEqual({ ok: false, problem: 'algorithm' });
    expect(verify).not.toHaveBeenCalled();
    expect(sign).not.toHaveBeenCalled();
  });

  it.each([
    ['another key', () => signEvent('another-secret', documented())],
    [
      'a changed payload',
      async () => {
        const [h, , s] = (await signEvent(SECRET, documented())).split('.');
        const other = documented({ auth: { accountUUID: ACCOUNT, staffUUID: '2c9a6e0e-0000-4000-8000-000000000009' } });
        return `${h}.${Buffer.from(JSON.stringify(other)).toString('base64url')}.${s}`;
      },
    ],
  ])('refuses a signature by %s', async (_, make) => {
    expect(await verifyAddonEvent(SECRET, await make(), NOW)).toEqual({ ok: false, problem: 'signature' });
  });

  it.each([
    ['no alg', () => eventWithHeader(SECRET, { typ: 'JWT' }, documented())],
    ['two parts', async () => (await signEvent(SECRET, documented())).split('.').slice(0, 2).join('.')],
    ['a header that is not JSON', async () => `bm90IGpzb24.${(await signEvent(SECRET, documented())).split('.')[1]}.s`],
    ['a crit header', () => eventWithHeader(SECRET, { alg: 'HS256', crit: ['exp'], exp: 1 }, documented())],
    ['another eventVersion', () => signEvent(SECRET, documented({ eventVersion: '2.0' }))],
    ['no eventArgs object', () => signEvent(SECRET, documented({ eventArgs: 'job' }))],
    [
      'a staff that is no uuid',
      () => signEvent(SECRET, documented({ auth: { accountUUID: ACCOUNT, staffUUID: 'admin' } })),
    ],
    ['no auth', () => signEvent(SECRET, documented({ auth: undefined }))],
    ['a body that is no token', async () => 'jobUUID=1234'],
  ])('refuses %s as malformed', async (_, make) => {
    expect(await verifyAddonEvent(SECRET, await make(), NOW)).toEqual({ ok: false, problem: 'malformed' });
  });

  it.each([
    ['an exp in the past', documented({ exp: secs(NOW) - CLOCK_TOLERANCE_S - 1 })],
    ['an nbf in the future', documented({ nbf: secs(NOW) + CLOCK_TOLERANCE_S + 1 })],
    ['an iat more than a day old', documented({ iat: secs(NOW) - EVENT_IAT_MAX_AGE_S - 1 })],
    ['an iat well ahead of the clock', documented({ iat: secs(NOW) + CLOCK_TOLERANCE_S + 1 })],
  ])('refuses %s, when the platform sends one, as expired', async (_, body) => {
    expect(await verifyAddonEvent(SECRET, await signEvent(SECRET, body), NOW)).toEqual({
      ok: false,
      problem: 'expired',
    });
  });

  it.each([
    ['an iat an hour old', documented({ iat: secs(NOW) - 3600 })],
    ['an iat a minute ahead', documented({ iat: secs(NOW) + 60 })],
    ['an exp a minute ahead', documented({ exp: secs(NOW) + 60 })],
  ])('accepts %s', async (_, body) => {
    expect((await verifyAddonEvent(SECRET, await signEvent(SECRET, body), NOW)).ok).toBe(true);
  });
});
