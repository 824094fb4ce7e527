import { describe, expect, it } from 'vitest';
import { openAccountTokens, sealAccountTokens } from './sealed-tokens';
import { tampered } from '../../../tests/support/companion/tampered';

const SECRET = 'signing-secret-of-at-least-32-characters';
const TOKENS = {
  accessToken: 'access-token-text-1234',
  refreshToken: 'refresh-token-text-5678',
  expiresAt: 1_790_000_000_000,
  scope: 'vendor read_jobs',
};

describe('sealed account tokens', () => {
  it('hold no token text, open to the same account under the same secret, and differ each time', async () => {
    const sealed = await sealAccountTokens(SECRET, 'account-a', TOKENS);
    expect(sealed).toMatch(/^fsa2\./);
    expect(sealed).not.toContain('access-token-text');
    expect(sealed).not.toContain('refresh-token-text');
    expect(await openAccountTokens(SECRET, 'account-a', sealed)).toEqual(TOKENS);
    expect(await sealAccountTokens(SECRET, 'account-a', TOKENS)).not.toBe(sealed);
  });

  it('do not open under another account, another secret, or altered', async () => {
    const sealed = await sealAccountTokens(SECRET, 'account-a', TOKENS);
    expect(await openAccountTokens(SECRET, 'account-b', sealed)).toBeUndefined();
    expect(await openAccountTokens(`${SECRET}-rotated`, 'account-a', sealed)).toBeUndefined();
    const altered = tampered(sealed);
    expect(await openAccountTokens(SECRET, 'account-a', altered)).toBeUndefined();
    expect(await openAccountTokens(SECRET, 'account-a', 'plain text')).toBeUndefined();
  });
});
