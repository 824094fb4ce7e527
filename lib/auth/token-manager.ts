// Holds one connection's tokens. Refresh is proactive (before expiry), single-flight (one refresh
// in flight however many requests need it; the platform may rotate refresh tokens (emulator
// FIDELITY.md #10), and then a second concurrent refresh would be refused with invalid_grant and sign
// the user out), and a refresh refused with invalid_grant (access withdrawn, or the refresh token
// expired) ends in `signed_out`.
//
// The refresh itself goes through a function the caller supplies: in the extension it calls the
// companion server, which adds the App Secret; tests use createDirectTokenEndpoint.
import { ApiError, isApiError } from '../api/errors';
import type { TokenResponse } from '../api/schemas';
import { tokenSetFromResponse, type TokenSet } from './token-set';

export type { TokenSet } from './token-set';
export type AuthState = 'signed_in' | 'signed_out';

export interface TokenManagerOptions {
  initial: TokenSet | null;
  /** Exchanges a refresh token for new tokens. Throw SignedOutError for invalid_grant; anything
   * else thrown counts as a temporary failure and keeps the tokens. */
  refresh: (refreshToken: string) => Promise<TokenResponse>;
  /** Persists the tokens after every change (null: signed out). */
  save?: (tokens: TokenSet | null) => Promise<void>;
  now?: () => number;
  /** Refresh this long before expiry (default 5 minutes). */
  refreshBeforeMs?: number;
}

export type TokenManager = ReturnType<typeof createTokenManager>;

export function createTokenManager(options: TokenManagerOptions) {
  const now = options.now ?? Date.now;
  const refreshBeforeMs = options.refreshBeforeMs ?? 5 * 60_000;
  let tokens: TokenSet | null = options.initial;
  let inFlight: Promise<TokenSet> | null = null;
  const listeners = new Set<(state: AuthState, tokens: TokenSet | null) => void>();

  const state = (): AuthState => (tokens ? 'signed_in' : 'signed_out');
  const notify = () => {
    for (const listener of listeners) listener(state(), tokens);
  };
  const signedOut = () =>
    new ApiError('SignedOutError', 'Not signed in to the platform: connect again.', { status: 401 });

  async function store(next: TokenSet | null): Promise<void> {
    const changedState = (tokens === null) !== (next === null);
    tokens = next;
    await options.save?.(next);
    if (changedState || next !== null) notify();
  }

  function refresh(): Promise<TokenSet> {
    if (inFlight) return inFlight;
    const current = tokens;
    if (!current) return Promise.reject(signedOut());
    inFlight = (async () => {
      try {
        const answer = await options.refresh(current.refreshToken);
        // Signed out or signed in again while we waited: that newer state wins.
        if (tokens !== current) {
          if (tokens) return tokens;
          throw signedOut();
        }
        const next = tokenSetFromResponse(answer, now(), current.scopes);
        await store(next);
        return next;
      } catch (error) {
        if (isApiError(error, 'SignedOutError') && tokens === current) {
          await store(null);
        }
        throw error;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  return {
    state,
    current: (): TokenSet | null => tokens,

    /** A valid access token, refreshed first when it expires within refreshBeforeMs. */
    async getAccessToken(): Promise<string> {
      if (inFlight) return (await inFlight).accessToken;
      if (!tokens) throw signedOut();
      if (tokens.expiresAt - refreshBeforeMs <= now()) return (await refresh()).accessToken;
      return tokens.accessToken;
    },

    /** The platform refused `failedAccessToken` (401). Refreshes once, unless a refresh already
     * replaced that token, and returns the token to replay the request with. */
    async onUnauthorized(failedAccessToken: string): Promise<string> {
      if (inFlight) return (await inFlight).accessToken;
      if (!tokens) throw signedOut();
      if (tokens.accessToken !== failedAccessToken) return tokens.accessToken;
      return (await refresh()).accessToken;
    },

    /** The companion's pass for `accessToken`, while it is the current token; null otherwise (a refresh replaced
     * it, or the companion gave none). */
    passFor(accessToken: string): string | null {
      return tokens?.accessToken === accessToken ? (tokens.pass ?? null) : null;
    },

    /** A newer pass for the current token (pairing answers one that names the staff member); a pass for a token
     * a refresh has replaced meanwhile is dropped. Answers whether it was kept. */
    async adoptPass(pass: string, accessToken: string): Promise<boolean> {
      if (!tokens || tokens.accessToken !== accessToken) return false;
      await store({ ...tokens, pass });
      return true;
    },

    /** Refreshes now (single-flight), e.g. from an alarm set at refreshDueAt(). */
    refreshNow: (): Promise<TokenSet> => refresh(),

    /** When a proactive refresh is due (epoch ms), or null when signed out. */
    refreshDueAt: (): number | null => (tokens ? tokens.expiresAt - refreshBeforeMs : null),

    /** After sign-in (or incremental authorisation): the new token set. */
    setTokens: (next: TokenSet): Promise<void> => store(next),
    signOut: (): Promise<void> => store(null),

    /** Called with the state after every change; returns the unsubscribe function. */
    subscribe(listener: (state: AuthState, tokens: TokenSet | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
