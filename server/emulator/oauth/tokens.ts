import type { Clock, EpochMs, IssuedTokens, TokenCheck } from '../contracts';
import { digest, randomSecret } from './secrets';

export const ACCESS_TOKEN_SECONDS = 3600;

/** Everything issued from one consent (one code exchange or one issueDirect), across refreshes, so
 * that a reused code can revoke exactly what it produced (RFC 6749 §4.1.2). */
interface Family {
  accountUuid: string;
  staffUuid: string;
  /** The scopes granted at the start; a refresh may narrow an access token but never widen this. */
  scopes: string[];
  revoked: boolean;
}

interface AccessRecord {
  family: Family;
  scopes: string[];
  expiresAt: EpochMs;
}

export type RefreshResult =
  { ok: true; tokens: IssuedTokens } | { ok: false; error: 'invalid_grant' | 'invalid_scope'; description: string };

/** Access and refresh tokens, keyed by their digest only (see secrets.ts). */
export function createTokenStore(clock: Clock, clientId: string) {
  const access = new Map<string, AccessRecord>();
  const refresh = new Map<string, Family>();
  const families = new Set<Family>();

  function mint(family: Family, scopes: string[]): IssuedTokens {
    const accessToken = randomSecret();
    const refreshToken = randomSecret();
    access.set(digest(accessToken), { family, scopes, expiresAt: clock.now() + ACCESS_TOKEN_SECONDS * 1000 });
    refresh.set(digest(refreshToken), family);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: scopes.join(' '),
      refresh_token: refreshToken,
    };
  }

  return {
    /** Starts a new family; the handle lets the caller revoke it later (reused code). */
    issue(input: { accountUuid: string; staffUuid: string; scopes: string[] }): {
      tokens: IssuedTokens;
      family: object;
    } {
      const family: Family = { ...input, scopes: [...input.scopes], revoked: false };
      families.add(family);
      return { tokens: mint(family, family.scopes), family };
    },

    authenticate(accessToken: string): TokenCheck {
      const record = access.get(digest(accessToken));
      if (!record) return { ok: false, reason: 'unknown' };
      if (record.family.revoked) return { ok: false, reason: 'revoked' };
      if (clock.now() >= record.expiresAt) return { ok: false, reason: 'expired' };
      const { accountUuid, staffUuid } = record.family;
      return {
        ok: true,
        principal: {
          kind: 'oauth',
          accountUuid,
          appId: clientId,
          scopes: new Set(record.scopes),
          consentingStaffUuid: staffUuid,
        },
      };
    },

    /** Rotates a refresh token: the old one is forgotten at once, so a second use is invalid_grant.
     * Earlier access tokens stay valid until they expire, as on the real platform. */
    refresh(refreshToken: string, requestedScopes: string[] | undefined): RefreshResult {
      const key = digest(refreshToken);
      const family = refresh.get(key);
      if (!family)
        return { ok: false, error: 'invalid_grant', description: 'The refresh token is unknown or was already used.' };
      if (family.revoked)
        return { ok: false, error: 'invalid_grant', description: 'Access was revoked; sign in again.' };
      const scopes = requestedScopes ?? family.scopes;
      const extra = scopes.filter((s) => !family.scopes.includes(s));
      if (extra.length > 0) {
        return { ok: false, error: 'invalid_scope', description: `Scope not granted originally: ${extra.join(' ')}` };
      }
      refresh.delete(key);
      return { ok: true, tokens: mint(family, scopes) };
    },

    revokeFamily(handle: object): void {
      (handle as Family).revoked = true;
    },

    revokeAccount(accountUuid: string): void {
      for (const family of families) if (family.accountUuid === accountUuid) family.revoked = true;
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
