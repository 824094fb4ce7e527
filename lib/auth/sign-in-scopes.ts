import { scopesFor } from './scopes';

// Scopes Fieldside asks for at sign-in: what a field worker's day needs, so one "Allow" makes them
// productive — quick search, my day, reading and adding notes — plus the account's facts (its name,
// time zone and e-mail, to preselect who you are), staff and security roles (who is an
// administrator). Changing badges is the one feature asked for later, in context, through
// incremental authorisation (lib/auth/scopes.ts, missingScopes): few people need it, and it is the
// only one that changes how a job looks to everyone.
export const SIGN_IN_SCOPES: readonly string[] = [
  ...new Set([...scopesFor(['account', 'whoAreYou', 'webhooks', 'search', 'myDay', 'notes']), 'vendor_email', 'read_security_roles']),
].sort();
