// The OAuth authorize URL and its `state`. The state is random, single-use and checked on return, so
// a code injected by another site (login CSRF) is refused.

import { randomBase64Url } from '../../contracts/installation-binding';

export interface AuthorizeUrlInput {
  /** {auth_url} */
  authUrl: string;
  clientId: string;
  scopes: readonly string[];
  /** Must be on the host of the add-on's Return URL: the companion server's, not the browser's. */
  redirectUri: string;
  state: string;
}

export function buildAuthorizeUrl(input: AuthorizeUrlInput): string {
  if (input.scopes.length === 0) throw new RangeError('authorize: at least one scope is required');
  const url = new URL(`${input.authUrl.replace(/\/+$/, '')}/oauth/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('scope', input.scopes.join(' '));
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  return url.href;
}

/** 32 random bytes as base64url (256 bits), from the platform's CSPRNG. */
export const createState = (): string => randomBase64Url(32);

/** Constant-time comparison of the state we sent with the one that came back. */
export function stateMatches(expected: string, received: string | null | undefined): boolean {
  if (typeof received !== 'string' || expected.length === 0 || received.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ received.charCodeAt(i);
  return diff === 0;
}

export type CallbackResult = { ok: true; code: string } | { ok: false; error: string };

/** Reads the redirect the flow ended on: checks `state`, then returns `code` or the OAuth error. */
export function readAuthorizeCallback(redirectedTo: string, expectedState: string): CallbackResult {
  let url: URL;
  try {
    url = new URL(redirectedTo);
  } catch {
    return { ok: false, error: 'the sign-in ended on an invalid address' };
  }
  const params = url.searchParams;
  if (!stateMatches(expectedState, params.get('state'))) return { ok: false, error: 'state mismatch: sign-in refused' };
  const error = params.get('error');
  if (error) return { ok: false, error: params.get('error_description') ?? error };
  const code = params.get('code');
  return code ? { ok: true, code } : { ok: false, error: 'no code in the sign-in answer' };
}
