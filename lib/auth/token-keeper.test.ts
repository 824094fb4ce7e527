import { describe, expect, it } from 'vitest';
import { signedOutError } from '../api/errors';
import type { TokenResponse } from '../api/schemas';
import { freshSecretStores, tokenAnswer } from './testing/secrets';
import { createTokenKeeper } from './token-keeper';

const freshStore = freshSecretStores('fieldside-secrets-keeper');

function setup(refresh: (token: string) => Promise<TokenResponse>, now = () => 1_000_000) {
  const secrets = freshStore();
  const revoked: string[] = [];
  const keeper = createTokenKeeper({ secrets, refresh, now, onRevoked: async () => void revoked.push('revoked') });
  return { keeper, secrets, revoked };
}

const answer = (i: number) => tokenAnswer(i, 'vendor read_jobs');

describe('token keeper', () => {
  it('stores tokens with their expiry and scopes', async () => {
    const { keeper } = setup(async () => answer(9));
    const stored = await keeper.store(answer(1));
    expect(stored).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: 1_000_000 + 3_600_000,
      scopes: ['vendor', 'read_jobs'],
    });
    expect(await keeper.getAccessToken()).toBe('a1');
  });

  it('a keeper started later (a restarted service worker) carries on with the stored tokens', async () => {
    const { keeper, secrets } = setup(async () => answer(2));
    await keeper.store(answer(1));
    const restarted = createTokenKeeper({
      secrets,
      refresh: async () => answer(3),
      now: () => 1_000_000,
      onRevoked: async () => {},
    });
    expect(await restarted.getAccessToken()).toBe('a1');
    expect(await restarted.onUnauthorized('a1')).toBe('a3');
    expect((await secrets.get('oauthTokens'))?.refreshToken).toBe('r3');
  });

  it('refreshes once for many concurrent 401s (single flight)', async () => {
    let calls = 0;
    const { keeper } = setup(async (token) => {
      calls++;
      expect(token).toBe('r1');
      await new Promise((r) => setTimeout(r, 20));
      return answer(2);
    });
    await keeper.store(answer(1));
    const tokens = await Promise.all([
      keeper.onUnauthorized('a1'),
      keeper.onUnauthorized('a1'),
      keeper.onUnauthorized('a1'),
    ]);
    expect(tokens).toEqual(['a2', 'a2', 'a2']);
    expect(calls).toBe(1);
    // A request that failed with the old token after the refresh gets the new one without another refresh.
    expect(await keeper.onUnauthorized('a1')).toBe('a2');
    expect(calls).toBe(1);
  });

  it('refreshes ahead of expiry, and not before the margin', async () => {
    let time = 1_000_000;
    let calls = 0;
    const { keeper } = setup(
      async () => (calls++, answer(2)),
      () => time,
    );
    await keeper.store(answer(1));
    await keeper.refreshIfDue();
    expect(calls).toBe(0);
    time += 3_600_000 - 4 * 60_000;
    await keeper.refreshIfDue();
    expect(calls).toBe(1);
    expect(await keeper.getAccessToken()).toBe('a2');
    time += 3_600_000 - 60_000;
    expect(await keeper.getAccessToken()).toBe('a2');
    expect(calls).toBe(2);
  });

  it('signs out when the refresh token is refused (invalid_grant)', async () => {
    const { keeper, revoked } = setup(async () => {
      throw signedOutError('revoked', { status: 400 });
    });
    await keeper.store(answer(1));
    await expect(keeper.refresh()).rejects.toMatchObject({ name: 'SignedOutError' });
    await new Promise((r) => setTimeout(r, 0));
    expect(revoked).toEqual(['revoked']);
  });
});
