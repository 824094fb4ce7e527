import { describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError } from '../api/errors';
import type { TokenResponse } from '../api/schemas';
import { createTokenManager, type TokenSet } from './token-manager';

const HOUR = 3_600_000;

function setup(initial: Partial<TokenSet> | null = {}, clock = { t: 10 * HOUR }) {
  let n = 0;
  const refreshes: string[] = [];
  const saved: Array<TokenSet | null> = [];
  let behaviour: 'ok' | 'invalid_grant' | 'network' = 'ok';
  const refresh = vi.fn(async (refreshToken: string): Promise<TokenResponse> => {
    refreshes.push(refreshToken);
    await new Promise((r) => setTimeout(r, 5)); // a real refresh takes a while: callers pile up
    if (behaviour === 'invalid_grant') throw new ApiError('SignedOutError', 'invalid_grant', { status: 400 });
    if (behaviour === 'network') throw new ApiError('NetworkError', 'offline');
    n++;
    return { access_token: `a${n}`, refresh_token: `r${n}`, expires_in: 3600, token_type: 'bearer', scope: '' };
  });
  const manager = createTokenManager({
    initial: initial && {
      accessToken: 'a0',
      refreshToken: 'r0',
      expiresAt: clock.t + HOUR,
      scopes: ['read_jobs'],
      ...initial,
    },
    refresh,
    save: async (t) => {
      saved.push(t);
    },
    now: () => clock.t,
  });
  return { manager, refresh, refreshes, saved, clock, setBehaviour: (b: typeof behaviour) => (behaviour = b) };
}

describe('token manager', () => {
  it('hands out the current token while it is fresh', async () => {
    const { manager, refresh } = setup();
    expect(await manager.getAccessToken()).toBe('a0');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes proactively before expiry, keeping the scopes', async () => {
    const { manager, clock, saved } = setup();
    clock.t += HOUR - 4 * 60_000; // 4 minutes left, inside the 5-minute margin
    expect(await manager.getAccessToken()).toBe('a1');
    expect(manager.current()).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: clock.t + HOUR,
      scopes: ['read_jobs'],
    });
    expect(saved.at(-1)?.accessToken).toBe('a1');
  });

  it('16 concurrent callers with an expired token cause exactly one refresh', async () => {
    const { manager, refresh, clock } = setup();
    clock.t += 2 * HOUR;
    const tokens = await Promise.all(Array.from({ length: 16 }, () => manager.getAccessToken()));
    expect(new Set(tokens)).toEqual(new Set(['a1']));
    expect(refresh).toHaveBeenCalledTimes(1);
    // and the single flight is cleared afterwards: the next expiry refreshes again
    clock.t += 2 * HOUR;
    expect(await manager.getAccessToken()).toBe('a2');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('16 concurrent 401s with the same token cause one refresh; a stale 401 causes none', async () => {
    const { manager, refresh } = setup();
    const replays = await Promise.all(Array.from({ length: 16 }, () => manager.onUnauthorized('a0')));
    expect(new Set(replays)).toEqual(new Set(['a1']));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await manager.onUnauthorized('a0')).toBe('a1'); // already refreshed since
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('invalid_grant signs out, tells listeners, and then throws SignedOutError', async () => {
    const { manager, setBehaviour, saved } = setup();
    const states: string[] = [];
    manager.subscribe((state) => states.push(state));
    setBehaviour('invalid_grant');
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => manager.onUnauthorized('a0')));
    expect(results.every((r) => r.status === 'rejected' && isApiError(r.reason, 'SignedOutError'))).toBe(true);
    expect(manager.state()).toBe('signed_out');
    expect(states).toEqual(['signed_out']);
    expect(saved.at(-1)).toBeNull();
    await expect(manager.getAccessToken()).rejects.toMatchObject({ name: 'SignedOutError' });
  });

  it('a network failure during refresh keeps the tokens and can be retried', async () => {
    const { manager, setBehaviour, clock } = setup();
    clock.t += 2 * HOUR;
    setBehaviour('network');
    await expect(manager.getAccessToken()).rejects.toMatchObject({ name: 'NetworkError' });
    expect(manager.state()).toBe('signed_in');
    expect(manager.current()?.refreshToken).toBe('r0');
    setBehaviour('ok');
    expect(await manager.getAccessToken()).toBe('a1');
  });

  it('starts signed out without tokens, and signs in with setTokens', async () => {
    const { manager } = setup(null);
    expect(manager.state()).toBe('signed_out');
    expect(manager.refreshDueAt()).toBeNull();
    await expect(manager.getAccessToken()).rejects.toMatchObject({ name: 'SignedOutError' });
    await manager.setTokens({ accessToken: 'x', refreshToken: 'y', expiresAt: Number.MAX_SAFE_INTEGER, scopes: [] });
    expect(await manager.getAccessToken()).toBe('x');
  });

  it('a sign-out during a refresh wins over the refresh answer', async () => {
    const { manager } = setup();
    const pending = manager.refreshNow();
    await manager.signOut();
    await expect(pending).rejects.toMatchObject({ name: 'SignedOutError' });
    expect(manager.state()).toBe('signed_out');
  });
});
