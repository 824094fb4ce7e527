// The token set Fieldside keeps for one connection, and how a token endpoint answer becomes one.
import { CompanionTokenFieldsSchema, type CompanionTokenFields } from '../../contracts/companion-http';
import { ApiError } from '../api/errors';
import { TokenResponseSchema, type TokenResponse } from '../api/schemas';

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the access token stops working (our clock). */
  expiresAt: number;
  scopes: string[];
  /** The companion's pass for this access token (COMPANION_HEADERS.pass): the feed and pairing take it with the
   * token, and it expires with it. Absent from a grant the companion could not place (no `vendor` scope). */
  pass?: string;
}

/** The companion's answer at /oauth/token and /oauth/refresh: the platform's token fields, and its own. */
export type TokenAnswer = TokenResponse & CompanionTokenFields;

export const parseScopeString = (scope: string): string[] => scope.split(' ').filter(Boolean);

/** The companion's own fields of a token answer; none when they are missing or malformed (the feed then asks for a
 * new pass, and a malformed one must not stop a sign-in that the platform granted). */
export function companionFieldsOf(raw: unknown): CompanionTokenFields {
  const parsed = CompanionTokenFieldsSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

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
  const { fieldside_pass: pass } = companionFieldsOf(raw);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: now + answer.expires_in * 1000,
    scopes: scopes.length > 0 ? scopes : [...previousScopes],
    ...(pass ? { pass } : {}),
  };
}
