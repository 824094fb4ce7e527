import type { Context } from 'hono';
import { consentPage } from './consent-page';
import { readParams } from './form-params';
import { errorPage } from './html';
import { findActivePerson } from './people';
import { isAllowedRedirect, redirectTo } from './redirect';
import { isKnownScope, parseScopes } from './scopes';
import type { OAuthState } from './state';

/** GET /authorize (RFC 6749 §4.1.1). Problems with the client or the redirect URI get an error page, never a
 * redirect (§4.1.2.1: that would make the server an open redirector); everything else goes back to the app. */
export function handleAuthorize(c: Context, state: OAuthState): Response {
  const { app, accounts } = state.deps;
  const params = readParams(new URL(c.req.url).searchParams);
  if (!params.ok) return errorPage(c, `The parameter ${params.repeated} was sent more than once.`);
  const p = params.get;

  const clientId = p('client_id');
  if (!clientId) return errorPage(c, 'The request has no client_id.');
  if (clientId !== app.client_id) return errorPage(c, 'No add-on is registered with this client_id.');
  const redirectUri = p('redirect_uri') ?? app.return_url;
  if (!isAllowedRedirect(redirectUri, app.return_url)) {
    return errorPage(c, "The redirect_uri is not on the host of the add-on's Return URL.");
  }

  const state_ = p('state');
  const fail = (error: string, description: string) =>
    c.redirect(redirectTo(redirectUri, { error, error_description: description, state: state_ }), 302);

  const responseType = p('response_type');
  if (!responseType) return fail('invalid_request', 'response_type is required.');
  if (responseType !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
  const scopeParam = p('scope');
  const scopes = scopeParam ? parseScopes(scopeParam) : [];
  if (scopes.length === 0) return fail('invalid_request', 'scope is required.');
  const unknown = scopes.filter((s) => !isKnownScope(s));
  if (unknown.length > 0) return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}`);

  const browser = state.sessions.browserOf(c);
  const person = state.sessions.person(browser);
  const signedIn = person && findActivePerson(accounts, person) ? person : undefined;
  const granted = signedIn ? state.grants.get(signedIn.accountUuid, signedIn.staffUuid) : new Set<string>();
  const newScopes = scopes.filter((s) => !granted.has(s));

  if (signedIn && newScopes.length === 0) {
    // Nothing new to ask: the platform sends the person straight back, as for a repeat sign-in.
    const code = state.codes.issue({ clientId, redirectUri, ...signedIn, scopes: [...granted] });
    return c.redirect(redirectTo(redirectUri, { code, state: state_ }), 302);
  }

  const formToken = state.sessions.open({ browser, redirectUri, scopes, state: state_ });
  return consentPage(c, {
    appName: app.name,
    formToken,
    accounts,
    signedIn,
    newScopes,
    grantedScopes: scopes.filter((s) => granted.has(s)),
  });
}
