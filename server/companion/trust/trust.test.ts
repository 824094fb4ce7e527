import { describe, expect, it } from 'vitest';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import { openIdentity, signIdentity, staffOfIdentity } from './identity';
import { openPass, signPass } from './pass';

// The companion's two signed statements: each opens only as itself, under its own key, for what it was made for.

const SECRET = 'signing-secret-of-at-least-32-characters';
const NOW = 1_790_000_000_000;
const WHO = { account: toUuid('acc-1'), staff: toUuid('staff-1'), installation: 'inst-1' };

describe('identity', () => {
  it('names the account, staff member and installation, under this secret only', async () => {
    const identity = await signIdentity(SECRET, WHO, NOW);
    expect(await openIdentity(SECRET, identity, NOW + 365 * 86_400_000)).toEqual(WHO);
    expect(await openIdentity(`${SECRET}-other`, identity, NOW)).toBeUndefined();
  });

  it('vouches for its staff member only for its own account and installation', async () => {
    const identity = await signIdentity(SECRET, WHO, NOW);
    const bound = { account: 'ACC-1', installation: 'inst-1' };
    expect(await staffOfIdentity(SECRET, identity, bound, NOW)).toBe('staff-1');
    expect(await staffOfIdentity(SECRET, identity, { ...bound, installation: 'inst-2' }, NOW)).toBeUndefined();
    expect(await staffOfIdentity(SECRET, identity, { ...bound, account: 'acc-2' }, NOW)).toBeUndefined();
    expect(await staffOfIdentity(SECRET, identity, { ...bound, account: null }, NOW)).toBeUndefined();
    expect(await staffOfIdentity(SECRET, undefined, bound, NOW)).toBeUndefined();
  });
});

describe('pass', () => {
  const made = (over: Partial<Parameters<typeof signPass>[1]> = {}) =>
    signPass(SECRET, { account: 'acc-1', accessToken: 'token-1', expiresAtMs: NOW + 3_600_000, ...over });

  it("opens with its own token until the token's expiry, and names the staff member only when made so", async () => {
    expect(await openPass(SECRET, await made(), 'token-1', NOW)).toEqual({
      account: 'acc-1',
      exp: (NOW + 3_600_000) / 1000,
    });
    // A pass that spells its staff member in capitals (signed earlier, or elsewhere) is read lower-cased.
    expect(await openPass(SECRET, await made({ staff: 'STAFF-1' as Uuid }), 'token-1', NOW)).toMatchObject({
      staff: 'staff-1',
    });
    expect(await openPass(SECRET, await made(), 'token-2', NOW)).toBeUndefined();
    expect(await openPass(SECRET, await made(), 'token-1', NOW + 3_600_000)).toBeUndefined();
    expect(await openPass(`${SECRET}-other`, await made(), 'token-1', NOW)).toBeUndefined();
    expect(await openPass(SECRET, undefined, 'token-1', NOW)).toBeUndefined();
  });

  it('an identity never passes for a pass, nor the reverse: each kind has its own key and type', async () => {
    const identity = await signIdentity(SECRET, WHO, NOW);
    expect(await openPass(SECRET, identity, 'token-1', NOW)).toBeUndefined();
    expect(await openIdentity(SECRET, await made(), NOW)).toBeUndefined();
  });
});
