import type { Clock, EpochMs, IssuedTokens, TokenCheck } from '../contracts';
import { DEFAULT_SWITCHES, REFRESH_GRACE_SECONDS, type Switches } from '../switches';
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

interface RefreshRecord {
  family: Family;
  issuedAt: EpochMs;
  /** When a refresh spent it under `grace` (it is taken until REFRESH_GRACE_SECONDS after). */
  spentAt?: EpochMs;
}

/** A refresh answer: under refreshTokens `omit` it carries no refresh_token. */
export type RefreshedTokens = Omit<IssuedTokens, 'refresh_token'> & { refresh_token?: string };

export type RefreshResult =
  { ok: true; tokens: RefreshedTokens } | { ok: false; error: 'invalid_grant' | 'invalid_scope'; description: string };

export interface TokenPolicy {
  /** The switches, read at every refresh (`refreshTokens`). */
  switches?: { get(): Pick<Switches, 'refreshTokens'> };
  /** A refresh token older than this is refused (absent: never). */
  refreshTokenLifetimeSeconds?: number;
}

/** Access and refresh tokens, keyed by their digest only (see secrets.ts). */
export function createTokenStore(clock: Clock, clientId: string, policy: TokenPolicy = {}) {
  const access = new Map<string, AccessRecord>();
  const refresh = new Map<string, RefreshRecord>();
  const families = new Set<Family>();
  const lifetimeMs = policy.refreshTokenLifetimeSeconds && policy.refreshTokenLifetimeSeconds * 1000;

  function mintAccess(family: Family, scopes: string[]): RefreshedTokens {
    const accessToken = randomSecret();
    access.set(digest(accessToken), { family, scopes, expiresAt: clock.now() + ACCESS_TOKEN_SECONDS * 1000 });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: scopes.join(' '),
    };
  }

  function mint(family: Family, scopes: string[]): IssuedTokens {
    const refreshToken = randomSecret();
    refresh.set(digest(refreshToken), { family, issuedAt: clock.now() });
    return { ...mintAccess(family, scopes), refresh_token: refreshToken };
  }

  /** Why `record` is no longer taken, if it is not. */
  function refusal(key: string, record: RefreshRecord | undefined): string | undefined {
    if (!record) return 'The refresh token is unknown or was already used.';
    if (record.family.revoked) return 'Access was revoked; sign in again.';
    const now = clock.now();
    if (lifetimeMs !== undefined && now - record.issuedAt >= lifetimeMs) {
      refresh.delete(key);
      return 'The refresh token has expired; sign in again.';
    }
    if (record.spentAt !== undefined && now - record.spentAt >= REFRESH_GRACE_SECONDS * 1000) {
      refresh.delete(key);
      return 'The refresh token is unknown or was already used.';
    }
    return undefined;
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

    /** A new access token for a refresh token, which the switch refreshTokens spends (`rotate`: forgotten at once,
     * `grace`: taken a little longer) or keeps (`keep`: answered again, `omit`: not answered). Earlier access tokens
     * stay valid until they expire, as on the real platform. */
    refresh(refreshToken: string, requestedScopes: string[] | undefined): RefreshResult {
      const key = digest(refreshToken);
      const record = refresh.get(key);
      const refused = refusal(key, record);
      if (refused !== undefined || !record) return { ok: false, error: 'invalid_grant', description: refused ?? '' };
      const { family } = record;
      const scopes = requestedScopes ?? family.scopes;
      const extra = scopes.filter((s) => !family.scopes.includes(s));
      if (extra.length > 0) {
        return { ok: false, error: 'invalid_scope', description: `Scope not granted originally: ${extra.join(' ')}` };
      }
      const position = (policy.switches?.get() ?? DEFAULT_SWITCHES).refreshTokens;
      if (position === 'keep')
        return { ok: true, tokens: { ...mintAccess(family, scopes), refresh_token: refreshToken } };
      if (position === 'omit') return { ok: true, tokens: mintAccess(family, scopes) };
      if (position === 'grace') record.spentAt ??= clock.now();
      else refresh.delete(key);
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
