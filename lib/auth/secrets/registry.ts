// Every secret Fieldside holds, where it lives and when it is cleared; registry.test.ts holds the list complete.
// IndexedDB, not storage.local: content scripts can read storage.local, but the extension origin's IndexedDB only
// Fieldside's own pages and workers reach, and only the background opens it.

export type SecretLocation = 'indexeddb' | 'memory';

/** Events that clear secrets. */
export type ClearEvent =
  /** The person signs out. */
  | 'sign-out'
  /** The platform answered invalid_grant: the add-on was disabled or access revoked. */
  | 'revoked'
  /** A new sign-in replaces whatever was there (OAuth replaces an API key and the reverse). */
  | 'sign-in';

export interface SecretDeclaration {
  location: SecretLocation;
  clearedOn: readonly ClearEvent[];
  what: string;
}

export const SECRETS = {
  oauthTokens: {
    location: 'indexeddb',
    clearedOn: ['sign-out', 'revoked', 'sign-in'],
    what: 'OAuth access token, refresh token, expiry and granted scopes',
  },
  apiKey: {
    location: 'indexeddb',
    clearedOn: ['sign-out', 'revoked', 'sign-in'],
    what: 'API key pasted by the person (private-application mode)',
  },
  installationKey: {
    location: 'indexeddb',
    // Not on 'sign-in': an incremental authorisation signs in again, and its refresh tokens are sealed to
    // this same key. A new sign-in after sign-out makes a new one.
    clearedOn: ['sign-out', 'revoked'],
    what: "this installation's P-256 key pair (private half not extractable): the companion seals refresh tokens to it and refreshes only with its signature",
  },
  pairedIdentity: {
    location: 'indexeddb',
    // With the installation key it is bound to: a new sign-in of the same account in the same installation keeps
    // it (that is the point of it), sign-out and revocation end both.
    clearedOn: ['sign-out', 'revoked'],
    what: "the companion's signed identity of the staff member pairing named and the person confirmed, bound to this installation's key: sent at sign-in and refresh so the pass names them",
  },
  oauthState: {
    location: 'memory',
    clearedOn: ['sign-in', 'sign-out'],
    what: 'state of an OAuth flow in progress, held only while launchWebAuthFlow runs',
  },
  oauthVerifier: {
    location: 'memory',
    clearedOn: ['sign-in', 'sign-out'],
    what: "the PKCE-style verifier of an OAuth flow in progress: the companion redeems the flow's code only with it",
  },
} as const satisfies Record<string, SecretDeclaration>;

export type SecretName = keyof typeof SECRETS;

/** Secrets kept on disk, in the secret store. */
export type StoredSecretName = {
  [K in SecretName]: (typeof SECRETS)[K]['location'] extends 'indexeddb' ? K : never;
}[SecretName];

export function secretsClearedOn(event: ClearEvent): SecretName[] {
  return (Object.keys(SECRETS) as SecretName[]).filter((name) =>
    (SECRETS[name].clearedOn as readonly ClearEvent[]).includes(event),
  );
}
