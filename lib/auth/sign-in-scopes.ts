import { scopesFor } from './scopes';

// Scopes Fieldside asks for at sign-in: the fewest that the account summary and "who are you" need
// (fewer scopes earn a higher rate limit), plus the account e-mail (to preselect who you are) and
// security roles (to know who is an administrator). Features ask for the rest later through
// incremental authorisation (lib/auth/scopes.ts, missingScopes).
export const SIGN_IN_SCOPES: readonly string[] = [
  ...new Set([...scopesFor(['account', 'whoAreYou', 'webhooks']), 'vendor_email', 'read_security_roles']),
];
