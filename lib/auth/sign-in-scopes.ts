import { scopesFor } from './scopes';

// Scopes Fieldside asks for at sign-in: what a field worker's day needs, so one "Allow" makes them
// productive — quick search, my day, reading and adding notes — plus the account's facts (its name
// and time zone), its staff and their security roles (who you are, with your role, and who is an
// administrator). Not the account holder's e-mail: nobody is preselected as "you" (the platform
// does not say who consented), so Fieldside has no use for it. Changing badges is the one feature asked for later, in context, through
// incremental authorisation (lib/auth/scopes.ts, missingScopes): few people need it, and it is the
// only one that changes how a job looks to everyone.
export const SIGN_IN_SCOPES: readonly string[] = [
  ...new Set([...scopesFor(['account', 'whoAreYou', 'webhooks', 'search', 'myDay', 'notes']), 'read_security_roles']),
].sort();
