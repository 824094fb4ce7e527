import { describe, expect, it } from 'vitest';
import { PairClaimRequestSchema } from '../../../contracts/companion-http';
import { toUuid } from '../../../contracts/uuid';
import { PAIRING_TTL_MS, signPairingCode, verifyPairingCode } from './pairing-code';

const SECRET = 'signing-secret-of-at-least-32-characters';
const WHO = { account: 'acc-1', staff: toUuid('staff-1'), staffName: 'Ethan Murphy' };
const NOW = 1_790_000_000_000;

describe('pairing codes', () => {
  it("carry who the platform vouched for and a nonce, fit the claim's contract, and differ every time", async () => {
    const code = await signPairingCode(SECRET, WHO, NOW);
    const proof = { iat: 1, signature: 'A'.repeat(86) };
    const installation_key = { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) };
    expect(PairClaimRequestSchema.safeParse({ code, installation_key, proof }).success).toBe(true);
    const check = await verifyPairingCode(SECRET, code, NOW + PAIRING_TTL_MS - 1);
    expect(check).toEqual({ ok: true, claims: { ...WHO, nonce: expect.any(String), expiresAt: NOW + PAIRING_TTL_MS } });
    expect(await signPairingCode(SECRET, WHO, NOW)).not.toBe(code);
  });

  it('expire after ten minutes and are refused under another secret', async () => {
    const code = await signPairingCode(SECRET, WHO, NOW);
    expect(await verifyPairingCode(SECRET, code, NOW + PAIRING_TTL_MS)).toEqual({
      ok: false,
      problem: 'pairing_expired',
    });
    expect(await verifyPairingCode(`${SECRET}-other`, code, NOW)).toEqual({ ok: false, problem: 'pairing_invalid' });
  });
});
