import { OAUTH_REDIRECT_PARAMS } from '../../contracts/companion-http';
import { codeChallengeOf, createCodeVerifier } from '../../contracts/installation-binding';
import type { CompanionClient } from './companion-client';
import type { TokenAnswer } from './token-set';

// One OAuth sign-in: the companion builds the authorize URL (its own /oauth/return is the platform's
// Return URL) and signs `state`, which carries the hash of a verifier only this flow knows; the
// browser's identity API shows the consent page and ends on our identity redirect URL, where we check
// that `state` is the one we were given before handing the code and the verifier back to the companion
// for tokens. Whoever else reads the code off the redirect cannot redeem it without the verifier.

export interface IdentityApi {
  getRedirectURL(): string;
  launchWebAuthFlow(details: { url: string; interactive: boolean }): Promise<string | undefined>;
}

export class OAuthFlowError extends Error {
  override readonly name = 'OAuthFlowError';
}

export interface OAuthFlowDeps {
  identity: IdentityApi;
  companion: CompanionClient;
  /**
   * Firefox refuses launchWebAuthFlow for a URL whose `redirect_uri` is not under its own
   * identity redirect URL ("redirect_uri not allowed"). The companion's Return URL is the
   * platform's registered Return URL, which the platform uses when `redirect_uri` is absent
   * (the spec makes it optional), so in Firefox the parameter is left out and the flow is the same.
   */
  omitRedirectUri?: boolean;
  /** The platform's OAuth host (lib/settings): the sign-in page must be there, whatever the companion says. */
  authUrl: () => Promise<string>;
}

/** Refuses an authorize URL that is not the platform's own consent page: a companion pointing the
 * person at another site would be asking for their platform password. */
export function checkAuthorizeUrl(authorizeUrl: string, authUrl: string): void {
  const url = new URL(authorizeUrl);
  const platform = new URL(authUrl);
  if (url.origin !== platform.origin || url.pathname !== `${platform.pathname.replace(/\/+$/, '')}/oauth/authorize`) {
    throw new OAuthFlowError(
      `The sign-in page is not the platform's (${url.origin}): sign-in was stopped. Check the connection settings.`,
    );
  }
}

/** The authorize URL to open, without `redirect_uri` when the browser won't allow it (see above). */
export function authorizeUrlFor(authorizeUrl: string, omitRedirectUri: boolean): string {
  if (!omitRedirectUri) return authorizeUrl;
  const url = new URL(authorizeUrl);
  url.searchParams.delete('redirect_uri');
  return url.toString();
}

/** `identity`: this installation's identity for the account (pairing), sent with the code so the pass names them. */
export async function runOAuthFlow(deps: OAuthFlowDeps, scopes: string[], identity?: string): Promise<TokenAnswer> {
  const redirectUrl = deps.identity.getRedirectURL();
  // `state` and the verifier are held only in this closure while the flow runs (SECRETS.oauthState and
  // SECRETS.oauthVerifier: memory).
  const verifier = createCodeVerifier();
  const { authorize_url, state } = await deps.companion.start(redirectUrl, scopes, await codeChallengeOf(verifier));
  checkAuthorizeUrl(authorize_url, await deps.authUrl());
  let finalUrl: string | undefined;
  try {
    const url = authorizeUrlFor(authorize_url, deps.omitRedirectUri ?? false);
    finalUrl = await deps.identity.launchWebAuthFlow({ url, interactive: true });
  } catch (cause) {
    throw new OAuthFlowError(`Sign-in was not completed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  const [code, , codeMac] = readRedirect(finalUrl, redirectUrl, state);
  return deps.companion.exchangeCode(code, state, verifier, codeMac, identity);
}

/** Checks where the flow ended and returns [code, state, code_mac]; throws on any mismatch. */
export function readRedirect(
  finalUrl: string | undefined,
  redirectUrl: string,
  expectedState: string,
): [string, string, string] {
  if (!finalUrl) throw new OAuthFlowError('Sign-in ended without an answer');
  const url = new URL(finalUrl);
  if (!finalUrl.startsWith(redirectUrl)) throw new OAuthFlowError('Sign-in ended on an unexpected address');
  const params = url.searchParams;
  if (params.get('state') !== expectedState)
    throw new OAuthFlowError('Sign-in answer had the wrong state; it was refused');
  const error = params.get('error');
  if (error)
    throw new OAuthFlowError(
      error === 'access_denied'
        ? 'Nothing was allowed: “Deny” was chosen on the platform’s page. To go on, try again and choose “Allow”.'
        : `Sign-in failed: ${error}`,
    );
  const code = params.get(OAUTH_REDIRECT_PARAMS.code);
  if (!code) throw new OAuthFlowError('Sign-in answer had no code');
  // The companion ties the code to this flow's state; without its mark the code cannot be redeemed.
  const codeMac = params.get(OAUTH_REDIRECT_PARAMS.codeMac);
  if (!codeMac) throw new OAuthFlowError('Sign-in answer was not handed on by the Fieldside server');
  return [code, expectedState, codeMac];
}
