import type { CompanionConfig } from '../config';
import { requestPlatformToken, type PlatformTokens } from '../oauth/platform-token';
import { openAccountTokens, sealAccountTokens, type AccountTokens } from './sealed-tokens';
import { addonKey, type AddonStore } from './store/types';

// The account's own tokens, kept since an administrator activated the add-on, and refreshed before they expire.
// The platform may rotate refresh tokens on use (emulator FIDELITY.md #10): two refreshes of one token at once would
// then leave the account with a spent one, and the add-on dead until someone activates it again. So a refresh is
// single-flight twice over: one promise per account in this process (cleared in `finally`), and across instances a
// short lock in the shared store, whose loser waits for the winner's tokens and reads them. A refresh answered
// `invalid_grant` (the account disabled the add-on) forgets the tokens, unless they were replaced meanwhile.

export type TokenLookup =
  | { kind: 'tokens'; accessToken: string }
  /** No tokens kept: the account never activated Fieldside (or activated it before tokens were kept). */
  | { kind: 'not_activated' }
  /** The platform refused the refresh: the add-on was disabled; the tokens are forgotten. */
  | { kind: 'revoked' }
  /** The platform could not be reached to refresh them (they are kept for next time). */
  | { kind: 'unavailable' };

export interface AccountTokensDeps {
  config: Pick<CompanionConfig, 'platformAuthUrl' | 'clientId' | 'clientSecret' | 'signingSecret'>;
  store: AddonStore;
  now: () => number;
  fetch?: typeof fetch;
  /** Refresh when the access token has less than this left (default five minutes). */
  marginMs?: number;
  /** How long one instance may hold the refresh lock (longer than one token request may take). */
  lockMs?: number;
  /** How often a loser looks for the winner's tokens. */
  waitStepMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAccountTokens(deps: AccountTokensDeps) {
  const { config, store, now } = deps;
  const marginMs = deps.marginMs ?? 5 * 60_000;
  const lockMs = deps.lockMs ?? 30_000;
  const waitStepMs = deps.waitStepMs ?? 50;
  const inFlight = new Map<string, Promise<TokenLookup>>();

  const open = (account: string, value: string) => openAccountTokens(config.signingSecret, account, value);
  const seal = (account: string, tokens: AccountTokens) => sealAccountTokens(config.signingSecret, account, tokens);
  const fromPlatform = (t: PlatformTokens): AccountTokens => ({
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: now() + t.expires_in * 1000,
    scope: t.scope,
  });

  /** The refresh itself, by whichever instance holds the lock; `seen` is the sealed value found stale. */
  async function refreshHolding(account: string, seen: string): Promise<TokenLookup> {
    const key = addonKey('tokens', account);
    const tokens = await open(account, seen);
    if (!tokens) return { kind: 'not_activated' };
    const answer = await requestPlatformToken(
      config,
      { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
      deps.fetch,
    );
    if (answer.kind === 'tokens') {
      const next = fromPlatform(answer.tokens);
      // Unless an activation replaced them meanwhile: its tokens are the account's now.
      if (await store.compareAndSet(key, seen, await seal(account, next)))
        return { kind: 'tokens', accessToken: next.accessToken };
      return keptNow(account, { kind: 'not_activated' });
    }
    if (answer.kind === 'oauth_error' && answer.body.error === 'invalid_grant') {
      if (await store.compareAndDelete(key, seen)) return { kind: 'revoked' };
      // The refused tokens were replaced meanwhile (an activation again after the add-on was disabled): the new
      // ones are the account's, and the add-on is on.
      return keptNow(account, { kind: 'revoked' });
    }
    return { kind: 'unavailable' };
  }

  /** The tokens the store holds for the account now, or `otherwise` when it holds none. */
  async function keptNow(account: string, otherwise: TokenLookup): Promise<TokenLookup> {
    const current = await store.get(addonKey('tokens', account));
    const kept = current === undefined ? undefined : await open(account, current);
    return kept ? { kind: 'tokens', accessToken: kept.accessToken } : otherwise;
  }

  async function refreshAcrossInstances(account: string, stale: string): Promise<TokenLookup> {
    const key = addonKey('tokens', account);
    const lock = addonKey('refresh-lock', account);
    const owner = crypto.randomUUID();
    const giveUpAt = performance.now() + lockMs + 5_000;
    for (;;) {
      const value = await store.get(key);
      // Gone while it was being refreshed elsewhere: the other instance heard `invalid_grant`.
      if (value === undefined) return { kind: 'revoked' };
      if (value !== stale) {
        const tokens = await open(account, value);
        if (tokens) return { kind: 'tokens', accessToken: tokens.accessToken };
      }
      if (await store.setIfAbsent(lock, owner, lockMs)) {
        try {
          // The previous holder may have finished between the read above and this lock.
          if ((await store.get(key)) === value) return await refreshHolding(account, value);
        } finally {
          await store.compareAndDelete(lock, owner);
        }
        continue;
      }
      if (performance.now() > giveUpAt) return { kind: 'unavailable' };
      await sleep(waitStepMs);
    }
  }

  function refresh(account: string, stale: string): Promise<TokenLookup> {
    let running = inFlight.get(account);
    if (!running) {
      running = refreshAcrossInstances(account, stale).finally(() => inFlight.delete(account));
      inFlight.set(account, running);
    }
    return running;
  }

  return {
    /** After an activation: the account's tokens, replacing an earlier activation's. */
    async keep(account: string, tokens: PlatformTokens): Promise<void> {
      await store.set(addonKey('tokens', account), await seal(account, fromPlatform(tokens)));
    },

    /** Whether the account has tokens kept (it activated Fieldside and has not disabled it since). */
    async has(account: string): Promise<boolean> {
      const value = await store.get(addonKey('tokens', account));
      return value !== undefined && (await open(account, value)) !== undefined;
    },

    /** An access token with a few minutes left, refreshed first when it has not. */
    async current(account: string): Promise<TokenLookup> {
      const value = await store.get(addonKey('tokens', account));
      if (value === undefined) return { kind: 'not_activated' };
      const tokens = await open(account, value);
      if (!tokens) return { kind: 'not_activated' };
      if (tokens.expiresAt - now() > marginMs) return { kind: 'tokens', accessToken: tokens.accessToken };
      return refresh(account, value);
    },

    /** The platform refused `accessToken` (401): refresh now, unless someone already has. */
    async refused(account: string, accessToken: string): Promise<TokenLookup> {
      const value = await store.get(addonKey('tokens', account));
      if (value === undefined) return { kind: 'revoked' };
      const tokens = await open(account, value);
      if (!tokens) return { kind: 'not_activated' };
      if (tokens.accessToken !== accessToken) return { kind: 'tokens', accessToken: tokens.accessToken };
      return refresh(account, value);
    },
  };
}

export type AccountTokenKeeper = ReturnType<typeof createAccountTokens>;
