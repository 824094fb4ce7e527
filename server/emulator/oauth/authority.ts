import type { IssuedTokens, OAuthAuthority } from '../contracts';
import { findActivePerson } from './people';
import { isKnownScope } from './scopes';
import type { OAuthState } from './state';

/** Thrown by issueDirect for input no consent could have produced; the control surface answers 400. */
export class OAuthInputError extends Error {
  override readonly name = 'OAuthInputError';
}

/** What the REST core and the control surface use: token checks, revocation, and a test shortcut. */
export function createAuthority(state: OAuthState): OAuthAuthority {
  return {
    authenticate: (accessToken) => state.tokens.authenticate(accessToken),

    revokeAccount(accountUuid) {
      state.tokens.revokeAccount(accountUuid);
      state.grants.revokeAccount(accountUuid);
      state.codes.revokeAccount(accountUuid);
    },

    isActivated: (accountUuid) => state.grants.hasAccount(accountUuid),

    activatedBy: (accountUuid) => state.grants.firstGrantee(accountUuid),

    issueDirect({ accountUuid, staffUuid, scopes }): IssuedTokens {
      if (!findActivePerson(state.deps.accounts, { accountUuid, staffUuid })) {
        throw new OAuthInputError(`No active staff member ${staffUuid} in account ${accountUuid}`);
      }
      const unknown = scopes.filter((s) => !isKnownScope(s));
      if (unknown.length > 0 || scopes.length === 0) {
        throw new OAuthInputError(`Unknown or missing scopes: ${unknown.join(' ') || '(none)'}`);
      }
      // As if the person had consented: the grant is recorded too, so a later /authorize in a browser
      // signed in as them sees these scopes as already granted.
      state.grants.add(accountUuid, staffUuid, scopes);
      return state.tokens.issue({ accountUuid, staffUuid, scopes: [...new Set(scopes)] }).tokens;
    },

    grantCounts: () => ({ ...state.counts }),
  };
}
