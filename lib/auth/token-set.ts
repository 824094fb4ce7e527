// The token set Fieldside keeps for one connection, and how a token endpoint answer becomes one.
import { ApiError } from '../api/errors';
import { TokenResponseSchema, type TokenResponse } from '../api/schemas';

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the access token stops working (our clock). */
  expiresAt: number;
  scopes: string[];
}

export const parseScopeString = (scope: string): string[] => scope.split(' ').filter(Boolean);

/** Validates a token endpoint answer and turns it into a TokenSet. A refresh answer without
 * `scope` keeps the scopes granted before (a refresh cannot widen them). */
export function tokenSetFromResponse(raw: unknown, now: number, previousScopes: string[] = []): TokenSet {
  const parsed = TokenResponseSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ApiError('ValidationError', `token endpoint: unexpected answer (${parsed.error.issues[0]?.message})`, {
      cause: parsed.error,
    });
  }
  const answer: TokenResponse = parsed.data;
  const scopes = parseScopeString(answer.scope);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: now + answer.expires_in * 1000,
    scopes: scopes.length > 0 ? scopes : [...previousScopes],
  };
}
