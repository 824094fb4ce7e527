import { Hono } from 'hono';
import type { OAuthAuthority, OAuthServerDeps } from '../contracts';
import { handleAuthorize } from './authorize';
import { createAuthority } from './authority';
import { handleConsent } from './consent';
import { createOAuthState } from './state';
import { handleTokenRequest } from './token-endpoint';

export { OAuthInputError } from './authority';
export { BROWSER_COOKIE } from './sessions';
export { SCOPE_DESCRIPTIONS, isKnownScope } from './scopes';

export interface OAuthServer {
  /** Relative routes (/authorize, /consent, /access_token); start.ts mounts them at {auth_url}/oauth. */
  routes: Hono;
  authority: OAuthAuthority;
}

/** The emulator's OAuth 2.0 authorization server: consent, codes, tokens, all in memory on `deps.clock`. */
export function createOAuthServer(deps: OAuthServerDeps): OAuthServer {
  const state = createOAuthState(deps);
  const routes = new Hono();
  routes.get('/authorize', (c) => handleAuthorize(c, state));
  routes.post('/consent', (c) => handleConsent(c, state));
  routes.post('/access_token', (c) => handleTokenRequest(c, state));
  return { routes, authority: createAuthority(state) };
}
