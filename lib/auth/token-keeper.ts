import { isApiError } from '../api/errors';
import type { TokenResponse } from '../api/schemas';
import { createTokenManager, type TokenManager } from './token-manager';
import { tokenSetFromResponse, type TokenSet } from './token-set';
import type { SecretStore } from './secrets/store';

// The background's tokens: lib/auth's token manager (single-flight, proactive refresh,
// invalid_grant → signed out), persisted in the secret store (IndexedDB). The manager keeps its
// tokens in memory, so it is rebuilt from IndexedDB whenever the service worker starts again:
// nothing about the session lives only in memory.

/** Refresh when less than this much life is left (the alarm fires at the same margin). */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export interface TokenKeeperDeps {
  secrets: SecretStore;
  /** The companion's /oauth/refresh; throws SignedOutError on invalid_grant. */
  refresh: (refreshToken: string) => Promise<TokenResponse>;
  /** Called when the platform refuses the refresh token (invalid_grant): access was revoked. */
  onRevoked: () => Promise<void>;
  /** Called after tokens change (schedule the next proactive refresh). */
  onTokens?: (tokens: TokenSet) => Promise<void> | void;
  now?: () => number;
}

export function createTokenKeeper(deps: TokenKeeperDeps) {
  const now = deps.now ?? Date.now;
  let manager: Promise<TokenManager> | undefined;

  const load = (): Promise<TokenManager> =>
    (manager ??= deps.secrets.get('oauthTokens').then((initial) =>
      createTokenManager({
        initial: initial ?? null,
        now,
        refreshBeforeMs: REFRESH_MARGIN_MS,
        refresh: async (refreshToken) => {
          try {
            return await deps.refresh(refreshToken);
          } catch (error) {
            // After the manager has dropped the tokens, sign out everything else (and say why).
            if (isApiError(error, 'SignedOutError')) queueMicrotask(() => void deps.onRevoked());
            throw error;
          }
        },
        save: async (tokens) => {
          if (tokens) {
            await deps.secrets.set('oauthTokens', tokens);
            await deps.onTokens?.(tokens);
          } else {
            await deps.secrets.delete('oauthTokens');
          }
        },
      }),
    ));

  const keeper = {
    /** Stores a fresh token set from a sign-in or an incremental authorisation. */
    async store(response: TokenResponse): Promise<TokenSet> {
      const tokens = tokenSetFromResponse(response, now());
      await (await load()).setTokens(tokens);
      return tokens;
    },
    /** Forgets the tokens in memory too (the session service clears the secret store). */
    async forget(): Promise<void> {
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
