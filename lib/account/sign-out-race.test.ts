import { afterEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createSessionService } from './session-service';
import type { TokenResponse } from '../api/schemas';
import { createSecretStore } from '../auth/secrets/store';
import { tokenAnswer } from '../auth/testing/secrets';
import { createTokenKeeper, REFRESH_MARGIN_MS } from '../auth/token-keeper';
import { ALARMS } from '../../entrypoints/background/alarms';
import { scheduleRefresh } from '../../entrypoints/background/token-refresh';

// Sign-out while a token refresh is on its way to the companion: the refresh comes back after the
// person signed out, and must not bring the tokens back nor arm the refresh alarm again. The real
// secret store (fake-indexeddb), token keeper, session service and alarm scheduling (fakeBrowser);
// only the companion's answer is held back, so the two can be raced in a known order.

const stores: ReturnType<typeof createSecretStore>[] = [];
afterEach(() => {
  stores.splice(0).forEach((s) => s.close());
  fakeBrowser.reset();
});

const answer = (i: number) => tokenAnswer(i, 'vendor');

function heldBack<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

/** The session service over `secrets` and `tokens`: what signing out clears. The rest of it is not under test. */
function sessionOf(
  secrets: SessionDeps['secrets'],
  tokens: SessionDeps['tokens'],
  scheduleRefresh: SessionDeps['scheduleRefresh'] = async () => undefined,
) {
  return createSessionService({
    secrets,
    tokens,
    companion: {} as never,
    reader: {} as never,
    identity: {} as never,
    paired: {} as never,
    clearCachedData: async () => undefined,
    scheduleRefresh,
  });
}
type SessionDeps = Parameters<typeof createSessionService>[0];

it('a refresh that started before sign-out writes no tokens and arms no alarm when it comes back', async () => {
  const secrets = createSecretStore(`fieldside-secrets-race-${Date.now()}`);
  stores.push(secrets);
  let time = 1_000_000;
  const companion = heldBack<TokenResponse>();
  let refreshes = 0;
  let revoked = 0;
  const tokens = createTokenKeeper({
    secrets,
    now: () => time,
    refresh: () => (refreshes++, companion.promise),
    onRevoked: async () => void revoked++,
    onTokens: (t) => scheduleRefresh(t.expiresAt),
  });
  const session = sessionOf(secrets, tokens, scheduleRefresh);

  await tokens.store(answer(1));
  await scheduleRefresh((await tokens.current())!.expiresAt);
  // The alarm fires: the access token is within the margin, and the refresh leaves for the companion.
  time += 3_600_000 - REFRESH_MARGIN_MS + 1_000;
  const alarmRefresh = tokens.refreshIfDue();
  // A request waits for the same refresh.
  const request = tokens.getAccessToken();
  await expect.poll(() => refreshes).toBe(1);

  await session.signOut('signed_out');
  expect(await secrets.names()).toEqual([]);
  expect(await fakeBrowser.alarms.get(ALARMS.tokenRefresh)).toBeUndefined();

  // Now the companion answers with fresh tokens.
  companion.release(answer(2));
  const [byAlarm, byRequest] = await Promise.allSettled([alarmRefresh, request]);
  await new Promise((r) => setTimeout(r, 10));

  expect(await secrets.names()).toEqual([]);
  expect(await fakeBrowser.alarms.get(ALARMS.tokenRefresh)).toBeUndefined();
  expect(await tokens.current()).toBeUndefined();
  // Whoever waited for that refresh hears "signed out", not a token.
  expect(byAlarm).toMatchObject({ status: 'rejected', reason: { name: 'SignedOutError' } });
  expect(byRequest).toMatchObject({ status: 'rejected', reason: { name: 'SignedOutError' } });
  // Signing out is not a revocation: the person's own sign-out stands, with its own reason.
  expect(revoked).toBe(0);
});

it('a sign-in after the sign-out keeps its tokens when the old refresh comes back', async () => {
  const secrets = createSecretStore(`fieldside-secrets-race-again-${Date.now()}`);
  stores.push(secrets);
  let time = 1_000_000;
  const companion = heldBack<TokenResponse>();
  const tokens = createTokenKeeper({
    secrets,
    now: () => time,
    refresh: () => companion.promise,
    onRevoked: async () => undefined,
  });
  const session = sessionOf(secrets, tokens);
  await tokens.store(answer(1));
  time += 3_600_000;
  const old = tokens.refresh();
  await session.signOut('signed_out');
  await tokens.store(answer(3));
  companion.release(answer(2));
  const settled = await Promise.allSettled([old]);
  expect((await secrets.get('oauthTokens'))?.accessToken).toBe('a3');
  expect(await tokens.getAccessToken()).toBe('a3');
  expect(settled[0]).toMatchObject({ status: 'rejected', reason: { name: 'SignedOutError' } });
});
