import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { signState, STATE_TTL_MS, verifyState } from './oauth/state';

const SECRET = 'a-signing-secret-of-at-least-32-characters';
const REDIRECT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';
const BINDING = { redirectUrl: REDIRECT, codeChallenge: 'c'.repeat(43), installation: 'i'.repeat(43) };

describe('OAuth state signing', () => {
  it('round-trips the redirect URL, the binding, a nonce and a 10-minute expiry', async () => {
    const { state, payload } = await signState(SECRET, BINDING, { now: 1_000 });
    expect(payload.expiresAt).toBe(1_000 + STATE_TTL_MS);
    expect(STATE_TTL_MS).toBe(600_000);
    const check = await verifyState(SECRET, state, 2_000);
    expect(check).toEqual({ ok: true, payload });
    expect(payload).toMatchObject(BINDING);
  });

  it('gives every flow a different nonce and state', async () => {
    const a = await signState(SECRET, BINDING);
    const b = await signState(SECRET, BINDING);
    expect(a.payload.nonce).not.toBe(b.payload.nonce);
    expect(a.state).not.toBe(b.state);
  });

  it('is valid until just before the expiry and expired from it on', async () => {
    const { state } = await signState(SECRET, BINDING, { now: 0 });
    expect((await verifyState(SECRET, state, STATE_TTL_MS - 1)).ok).toBe(true);
    expect(await verifyState(SECRET, state, STATE_TTL_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a state signed with another secret', async () => {
    const { state } = await signState('another-secret-that-is-also-long-enough!', BINDING);
    expect(await verifyState(SECRET, state)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a payload that was changed to point elsewhere, even with a valid-looking layout', async () => {
    const { state } = await signState(SECRET, BINDING);
    const [body, mac] = state.split('.') as [string, string];
    const wire = JSON.parse(new TextDecoder().decode(decodeBase64Url(body)));
    wire.r = 'https://attacker.example/';
    const forged = `${encodeBase64Url(new TextEncoder().encode(JSON.stringify(wire)))}.${mac}`;
    expect(await verifyState(SECRET, forged)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each([
    ['code challenge', 'c'],
    ['installation', 'i'],
  ])('refuses a state whose %s was swapped for another', async (_name, member) => {
    const { state } = await signState(SECRET, BINDING);
    const [body, mac] = state.split('.') as [string, string];
    const wire = JSON.parse(new TextDecoder().decode(decodeBase64Url(body)));
    wire[member] = 'x'.repeat(43);
    const forged = `${encodeBase64Url(new TextEncoder().encode(JSON.stringify(wire)))}.${mac}`;
    expect(await verifyState(SECRET, forged)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a state whose expiry was extended', async () => {
    const { state } = await signState(SECRET, BINDING, { now: 0 });
    const [body, mac] = state.split('.') as [string, string];
    const wire = JSON.parse(new TextDecoder().decode(decodeBase64Url(body)));
    wire.e = Number.MAX_SAFE_INTEGER;
    const forged = `${encodeBase64Url(new TextEncoder().encode(JSON.stringify(wire)))}.${mac}`;
    expect(await verifyState(SECRET, forged, STATE_TTL_MS * 2)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each([
    ['empty', ''],
    ['no separator', 'abc'],
    ['three parts', 'a.b.c'],
    ['not base64url', 'ab+/.cd=='],
    ['short mac', 'abc.def'],
  ])('refuses a malformed state (%s)', async (_name, state) => {
    expect(await verifyState(SECRET, state)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a correctly signed body that is not a state', async () => {
    // Signed with the right key but carrying the wrong shape: only possible for the key holder, still refused.
    const body = encodeBase64Url(new TextEncoder().encode(JSON.stringify({ hello: 'world' })));
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(SECRET),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
    expect(await verifyState(SECRET, `${body}.${encodeBase64Url(mac)}`)).toEqual({ ok: false, reason: 'malformed' });
  });
});
