import type { Context } from 'hono';
import { authenticateClient } from './client-auth';
import { readParams } from './form-params';
import { NO_STORE, tokenError } from './oauth-errors';
import { isKnownScope, parseScopes } from './scopes';
import type { OAuthState } from './state';

/** POST /access_token: the authorization_code and refresh_token grants (RFC 6749 §4.1.3, §6). */
export async function handleTokenRequest(c: Context, state: OAuthState): Promise<Response> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return tokenError(c, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const params = readParams(new URLSearchParams(await c.req.text()));
  if (!params.ok) return tokenError(c, 'invalid_request', `Parameter sent more than once: ${params.repeated}`);
  const p = params.get;

  const client = authenticateClient(state.deps.app, c.req.header('authorization'), p('client_id'), p('client_secret'));
  if (!client.ok) return tokenError(c, client.error, client.description);

  const grantType = p('grant_type');
  if (!grantType) return tokenError(c, 'invalid_request', 'grant_type is required.');

  if (grantType === 'authorization_code') {
    const code = p('code');
    const redirectUri = p('redirect_uri');
    if (!code) return tokenError(c, 'invalid_request', 'code is required.');
    if (!redirectUri) return tokenError(c, 'invalid_request', 'redirect_uri is required.');
    const record = state.codes.find(code);
    if (!record || record.clientId !== client.clientId) {
      return tokenError(c, 'invalid_grant', 'The code is unknown.');
    }
    if (record.exchangedFamily) {
      // RFC 6749 §4.1.2: a code used twice may have been stolen, so what it produced is revoked.
      state.tokens.revokeFamily(record.exchangedFamily);
      return tokenError(c, 'invalid_grant', 'The code was already used; tokens issued from it are revoked.');
    }
    if (state.codes.isExpired(record)) return tokenError(c, 'invalid_grant', 'The code has expired.');
    if (redirectUri !== record.redirectUri) {
      return tokenError(c, 'invalid_grant', 'redirect_uri is not identical to the one used at authorize.');
    }
    const { accountUuid, staffUuid, scopes } = record;
    const { tokens, family } = state.tokens.issue({ accountUuid, staffUuid, scopes });
    record.exchangedFamily = family;
    state.counts.authorization_code++;
    return c.json(tokens, 200, NO_STORE);
  }

  if (grantType === 'refresh_token') {
    const refreshToken = p('refresh_token');
    if (!refreshToken) return tokenError(c, 'invalid_request', 'refresh_token is required.');
    const scopeParam = p('scope');
    const scopes = scopeParam === undefined ? undefined : parseScopes(scopeParam);
    if (scopes && (scopes.length === 0 || !scopes.every(isKnownScope))) {
      return tokenError(c, 'invalid_scope', 'scope holds an unknown scope.');
    }
    const result = state.tokens.refresh(refreshToken, scopes);
    if (!result.ok) return tokenError(c, result.error, result.description);
    state.counts.refresh_token++;
    return c.json(result.tokens, 200, NO_STORE);
  }

  return tokenError(c, 'unsupported_grant_type', 'Supported grant types: authorization_code, refresh_token.');
}
