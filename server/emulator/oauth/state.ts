import type { OAuthServerDeps } from '../contracts';
import { createCodeStore } from './codes';
import { createGrantStore } from './grants';
import { createSessions } from './sessions';
import { createTokenStore } from './tokens';

/** Everything the OAuth server remembers, in memory, shared by its routes and its authority. */
export function createOAuthState(deps: OAuthServerDeps) {
  return {
    deps,
    grants: createGrantStore(),
    codes: createCodeStore(deps.clock),
    tokens: createTokenStore(deps.clock, deps.app.client_id, {
      ...(deps.switches ? { switches: deps.switches } : {}),
      ...(deps.refreshTokenLifetimeSeconds ? { refreshTokenLifetimeSeconds: deps.refreshTokenLifetimeSeconds } : {}),
    }),
    sessions: createSessions(deps.clock),
    counts: { authorization_code: 0, refresh_token: 0 },
  };
}

export type OAuthState = ReturnType<typeof createOAuthState>;
