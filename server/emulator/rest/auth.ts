import type { MiddlewareHandler } from 'hono';
import type { EmulatorEnv, OAuthAuthority, Principal, Switches } from '../contracts';
import type { Store } from '../data/store';
import { DEFAULT_SWITCHES } from '../switches';
import { formAccessToken } from './body';
import { apiError } from './errors';

const TOKEN_FAILURES = {
  unknown: 'Unknown access token: authenticate again',
  expired: 'Access token expired: get a new one with the refresh_token grant',
  revoked: 'Access token revoked: the account has disabled this add-on',
} as const;

export interface AuthDeps {
  store: Store;
  authority: OAuthAuthority;
  /** Read on every request: `tokenView` and `impersonation` decide whose permissions a request sees with. */
  switches?: { get(): Pick<Switches, 'tokenView' | 'impersonation'> };
}

/** Whose permissions apply to what a request sees (all of them at once): the token's own under `grantor`, the
 * impersonated staff member's, both under `narrows`. */
export function viewersOf(
  principal: Principal,
  acting: string | undefined,
  switches: Pick<Switches, 'tokenView' | 'impersonation'>,
): string[] {
  const own = principal.kind === 'oauth' && switches.tokenView === 'grantor' ? [principal.consentingStaffUuid] : [];
  if (acting === undefined) return own;
  return switches.impersonation === 'narrows' ? [...own, acting] : [acting];
}

/** The app id API-key requests are counted under (rate limits, webhook subscriptions). */
export const apiKeyAppId = (accountUuid: string) => `api_key:${accountUuid}`;

/**
 * Authenticates every REST and webhook-subscription request: `X-API-Key` (a private app, full access to its own
 * account) or an OAuth access token (`Authorization: Bearer`, or the `access_token` query or form parameter).
 * Then applies `x-impersonate-uuid`: the request runs as that active staff member of the same account.
 */
export function createAuthMiddleware(deps: AuthDeps): MiddlewareHandler<EmulatorEnv> {
  const byApiKey = new Map(deps.store.accounts.map((a) => [a.info.api_key, a.info.uuid]));
  return async (c, next) => {
    let principal: Principal;
    const apiKey = c.req.header('x-api-key');
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    const token = bearer ?? c.req.query('access_token') ?? (await formAccessToken(c));
    if (apiKey !== undefined) {
      const accountUuid = byApiKey.get(apiKey);
      if (!accountUuid) return apiError(c, 401, 'Unknown API key');
      principal = { kind: 'api_key', accountUuid, appId: apiKeyAppId(accountUuid) };
    } else if (token) {
      const check = deps.authority.authenticate(token);
      if (!check.ok) return apiError(c, 401, TOKEN_FAILURES[check.reason]);
      principal = check.principal;
    } else {
      return apiError(
        c,
        401,
        'Authentication required: send X-API-Key, or an OAuth token as Authorization: Bearer or access_token',
      );
    }
    const account = deps.store.account(principal.accountUuid);
    if (!account) return apiError(c, 401, 'The account of these credentials no longer exists');

    const impersonate = c.req.header('x-impersonate-uuid');
    let acting: string | undefined;
    if (impersonate !== undefined && impersonate !== '') {
      if (principal.kind === 'api_key') {
        return apiError(c, 400, 'x-impersonate-uuid is not supported with API key authentication; use an OAuth token');
      }
      const staff = deps.store.staffRole(account, impersonate.toLowerCase());
      if (!staff) return apiError(c, 403, `x-impersonate-uuid ${impersonate} is not a staff member of this account`);
      if (!staff.active) return apiError(c, 403, `x-impersonate-uuid ${impersonate} is not an active staff member`);
      acting = impersonate.toLowerCase();
    }
    c.set('principal', principal);
    c.set('actingStaffUuid', acting);
    c.set('viewers', viewersOf(principal, acting, deps.switches?.get() ?? DEFAULT_SWITCHES));
    await next();
  };
}
