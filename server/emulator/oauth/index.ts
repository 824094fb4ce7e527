import { Hono, type Context } from 'hono';
import type { OAuthAuthority, OAuthServerDeps } from '../contracts';
import { handleAuthorize } from './authorize';
import { createAuthority } from './authority';
import { handleConsent } from './consent';
import { findActivePerson, type Person } from './people';
import { createOAuthState } from './state';
import { handleTokenRequest } from './token-endpoint';

export { OAuthInputError } from './authority';
export { BROWSER_COOKIE } from './sessions';
export { SCOPE_DESCRIPTIONS, isKnownScope } from './scopes';

export type { Person } from './people';

/**
 * The platform's web login, which the consent page and the web app share because they share an origin (as
 * go.servicem8.com does): signing in to the web app preselects that person on a consent page, and consenting
 * signs the browser in to the web app.
 */
export interface WebLogin {
  /** The active staff member signed in on this browser, if any. */
  personOf(c: Context): Person | undefined;
  /** Signs this browser in as `person` (an active staff member; false otherwise). */
  signIn(c: Context, person: Person): boolean;
  signOut(c: Context): void;
}

export interface OAuthServer {
  /** Relative routes (/authorize, /consent, /access_token); start.ts mounts them at {auth_url}/oauth. */
  routes: Hono;
  authority: OAuthAuthority;
  webLogin: WebLogin;
}

/** The emulator's OAuth 2.0 authorization server: consent, codes, tokens, all in memory on `deps.clock`. */
export function createOAuthServer(deps: OAuthServerDeps): OAuthServer {
  const state = createOAuthState(deps);
  const routes = new Hono();
  routes.get('/authorize', (c) => handleAuthorize(c, state));
  routes.post('/consent', (c) => handleConsent(c, state));
  routes.post('/access_token', (c) => handleTokenRequest(c, state));
  const webLogin: WebLogin = {
    personOf(c) {
      const browser = state.sessions.existingBrowser(c);
      const person = browser ? state.sessions.person(browser) : undefined;
      // Someone made inactive since signing in is signed out, as the platform would.
      return person && findActivePerson(deps.accounts, person) ? person : undefined;
    },
    signIn(c, person) {
      if (!findActivePerson(deps.accounts, person)) return false;
      state.sessions.signIn(state.sessions.browserOf(c), person);
      return true;
    },
    signOut(c) {
      const browser = state.sessions.existingBrowser(c);
      if (browser) state.sessions.signOut(browser);
    },
  };
  return { routes, authority: createAuthority(state), webLogin };
}
