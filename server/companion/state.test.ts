import { describe, expect, it } from 'vitest';
import { base64url } from 'jose';
import { signState, STATE_LABEL, STATE_TTL_MS, verifyState } from './oauth/state';
import { signClaims } from './tokens/signed-claims';

const SECRET = 'a-signing-secret-of-at-least-32-characters';
const REDIRECT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';
const BINDING = { redirectUrl: REDIRECT, codeChallenge: 'c'.repeat(43), installation: 'i'.repeat(43) };

/** The state with its payload changed and its signature kept, as an attacker who holds a state could make it. */
function forged(state: string, change: (wire: Record<string, unknown>) => void): string {
  const [header, body, mac] = state.split('.') as [string, string, string];
  const wire = JSON.parse(new TextDecoder().decode(base64url.decode(body)));
  change(wire);
  return `${header}.${base64url.encode(JSON.stringify(wire))}.${mac}`;
}

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
    const pointed = forged(state, (wire) => (wire.r = 'https://attacker.example/'));
    expect(await verifyState(SECRET, pointed)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each([
    ['code challenge', 'c'],
    ['installation', 'i'],
  ])('refuses a state whose %s was swapped for another', async (_name, member) => {
    const { state } = await signState(SECRET, BINDING);
    const swapped = forged(state, (wire) => (wire[member] = 'x'.repeat(43)));
    expect(await verifyState(SECRET, swapped)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a state whose expiry was extended', async () => {
    const { state } = await signState(SECRET, BINDING, { now: 0 });
    const extended = forged(state, (wire) => (wire.e = Number.MAX_SAFE_INTEGER));
    expect(await verifyState(SECRET, extended, STATE_TTL_MS * 2)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each([
    ['empty', ''],
    ['no separator', 'abc'],
    ['two parts', 'abc.def'],
    ['not base64url', 'ab+/.cd==.ef'],
    ['no algorithm', 'eyJ0eXAiOiJKV1QifQ.e30.'],
  ])('refuses a malformed state (%s)', async (_name, state) => {
    expect(await verifyState(SECRET, state)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a correctly signed body that is not a state', async () => {
    // Signed with the right key but carrying the wrong shape: only possible for the key holder, still refused.
    const other = await signClaims(SECRET, STATE_LABEL, { hello: 'world' });
    expect(await verifyState(SECRET, other)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a value the companion signed for another purpose', async () => {
    const { state } = await signState(SECRET, BINDING);
    const elsewhere = await signClaims(
      SECRET,
      'fieldside-pairing-code',
      JSON.parse(new TextDecoder().decode(base64url.decode(state.split('.')[1]!))),
    );
    expect(await verifyState(SECRET, elsewhere)).toEqual({ ok: false, reason: 'bad_signature' });
  });
});
