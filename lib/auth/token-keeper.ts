import { sha256Base64Url } from '../../contracts/installation-binding';
import { isApiError, signedOutError } from '../api/errors';
import type { TokenResponse } from '../api/schemas';
import { createTokenManager, type TokenManager } from './token-manager';
import { tokenSetFromResponse, type TokenSet } from './token-set';
import type { SecretStore } from './secrets/store';

// The background's tokens: lib/auth's token manager, persisted in the secret store (IndexedDB) and rebuilt from it
// whenever the service worker starts again, so nothing about the session lives only in memory.
// Each manager belongs to one generation that sign-out ends: a refresh already on its way then writes no tokens,
// arms no alarm and answers "signed out", so sign-out can never be undone by it.

/** Refresh when less than this much life is left (the alarm fires at the same margin). */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export interface TokenKeeperDeps {
  secrets: SecretStore;
  /** The companion's /oauth/refresh; throws SignedOutError on invalid_grant. */
  refresh: (refreshToken: string) => Promise<TokenResponse>;
  /** Called when the platform refuses the refresh token (invalid_grant): access was withdrawn, or the token expired. */
  onRevoked: () => Promise<void>;
  /** Called after tokens change (schedule the next proactive refresh). */
  onTokens?: (tokens: TokenSet) => Promise<void> | void;
  now?: () => number;
}

export function createTokenKeeper(deps: TokenKeeperDeps) {
  const now = deps.now ?? Date.now;
  let manager: Promise<TokenManager> | undefined;
  let generation = 0;

  function createManager(): Promise<TokenManager> {
    const mine = generation;
    const ended = () => mine !== generation;
    return deps.secrets.get('oauthTokens').then((initial) =>
      createTokenManager({
        initial: initial ?? null,
        now,
        refreshBeforeMs: REFRESH_MARGIN_MS,
        refresh: async (refreshToken) => {
          let answer: TokenResponse;
          try {
            answer = await deps.refresh(refreshToken);
          } catch (error) {
            // After the manager has dropped the tokens, sign out everything else (and say why);
            // unless the person signed out meanwhile: that sign-out stands as it is.
            if (isApiError(error, 'SignedOutError') && !ended()) queueMicrotask(() => void deps.onRevoked());
            throw error;
          }
          if (ended()) throw signedOutError('You signed out while Fieldside was renewing the sign-in.');
          return answer;
        },
        save: async (tokens) => {
          if (ended()) return;
          if (!tokens) return deps.secrets.delete('oauthTokens');
          await deps.secrets.set('oauthTokens', tokens);
          // Checked again: sign-out may have come while the tokens were being written (it clears them after).
          if (!ended()) await deps.onTokens?.(tokens);
        },
      }),
    );
  }

  const load = (): Promise<TokenManager> => (manager ??= createManager());

  const keeper = {
    /** Stores a fresh token set from a sign-in or an incremental authorisation. */
    async store(response: TokenResponse): Promise<TokenSet> {
      const tokens = tokenSetFromResponse(response, now());
      await (await load()).setTokens(tokens);
      return tokens;
    },
    /** Ends this generation (sign-out, or a switch to an API key): the tokens in memory are
     * forgotten, and nothing still under way writes or schedules anything. The session service
     * calls this first, then clears the secret store. */
    async forget(): Promise<void> {
      generation++;
      manager = undefined;
    },
    async refresh(): Promise<TokenSet> {
      return (await load()).refreshNow();
    },
    /** AccessTokenSource (lib/api/http.ts). */
    async getAccessToken(): Promise<string> {
      return (await load()).getAccessToken();
    },
    async onUnauthorized(failed: string): Promise<string> {
      return (await load()).onUnauthorized(failed);
    },
    /** The companion's pass for `accessToken` (null: none, or the token is no longer the current one). */
    async passFor(accessToken: string): Promise<string | null> {
      return (await load()).passFor(accessToken);
    },
    /** Keeps `pass` for the current access token if its digest is `accessTokenDigest` (held by whoever got the pass
     * without the token itself); answers whether it was kept. */
    async adoptPass(pass: string, accessTokenDigest: string): Promise<boolean> {
      const m = await load();
      const current = m.current();
      if (!current || (await sha256Base64Url(current.accessToken)) !== accessTokenDigest) return false;
      return m.adoptPass(pass, current.accessToken);
    },
    /** Refreshes only when within the margin (the alarm's job). */
    async refreshIfDue(): Promise<void> {
      const m = await load();
      const due = m.refreshDueAt();
      if (due !== null && due <= now()) await m.refreshNow();
    },
    async current(): Promise<TokenSet | undefined> {
      return (await load()).current() ?? undefined;
    },
  };
  return keeper;
}
export type TokenKeeper = ReturnType<typeof createTokenKeeper>;
