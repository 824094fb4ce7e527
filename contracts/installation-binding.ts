import { z } from 'zod';

// How a sign-in and its refreshes are tied to the one browser installation that started them, declared once
// for the extension (lib/auth) and the companion (server/companion/oauth). Web Crypto only, so both sides
// (a service worker, Node, an edge runtime) compute exactly the same values.
//
// - The sign-in is bound PKCE-style (RFC 7636, S256): the extension keeps a random verifier in memory, sends
//   its SHA-256 at /oauth/start (the signed state carries it) and the verifier itself at /oauth/token.
// - Refreshes are bound to a P-256 key pair the extension creates with a non-extractable private half and
//   keeps in its IndexedDB: the companion seals the refresh token to the public key, and every /oauth/refresh
//   carries a signature made with the private key (a proof of possession).
// - A pairing claim (/pair/claim) is signed with the same key, over the code it claims: the identity the companion
//   answers names that installation, and is good only together with its private key.

const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;

/** The public half of an installation key, as a JWK (RFC 7517) with only the members that identify it. */
export const InstallationKeySchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().regex(BASE64URL_43, 'x is a 32-byte base64url coordinate'),
  y: z.string().regex(BASE64URL_43, 'y is a 32-byte base64url coordinate'),
});
export type InstallationKey = z.infer<typeof InstallationKeySchema>;

/** A SHA-256 digest in base64url: a code challenge, an installation id. */
export const DigestSchema = z.string().regex(BASE64URL_43, 'a SHA-256 digest in base64url (43 characters)');

/** RFC 7636: 43 to 128 characters of the unreserved set. */
export const CodeVerifierSchema = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'a code verifier is 43 to 128 unreserved characters');

/** The signature an installation puts on one request: a refresh (refreshProofMessage) or a pairing claim
 * (pairProofMessage). */
export const InstallationProofSchema = z.object({
  /** Seconds since the epoch when the proof was made. */
  iat: z.number().int().positive(),
  /** ECDSA P-256 / SHA-256 signature (IEEE P1363, 64 bytes) of the request's message, base64url. */
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'an ECDSA P-256 signature in base64url (86 characters)'),
});
export type InstallationProof = z.infer<typeof InstallationProofSchema>;
export const RefreshProofSchema = InstallationProofSchema;
export type RefreshProof = InstallationProof;

/** How far a proof's time may be from the companion's clock, either way: clocks of browsers drift. */
export const REFRESH_PROOF_MAX_SKEW_SECONDS = 300;

export const INSTALLATION_KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const INSTALLATION_SIGNATURE_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function sha256Base64Url(text: string): Promise<string> {
  return encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** `byteCount` bytes from the platform's CSPRNG, base64url: an id, a ticket, a state or a verifier. */
export function randomBase64Url(byteCount: number): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** A fresh PKCE verifier: 32 random bytes, base64url (43 characters). */
export const createCodeVerifier = (): string => randomBase64Url(32);

/** The S256 code challenge of a verifier. */
export const codeChallengeOf = (verifier: string): Promise<string> => sha256Base64Url(verifier);

/** The installation's id: the key's RFC 7638 thumbprint (members in lexical order, no spaces). */
export const installationIdOf = (key: InstallationKey): Promise<string> =>
  sha256Base64Url(`{"crv":"P-256","kty":"EC","x":"${key.x}","y":"${key.y}"}`);

/** What an installation signs to refresh: the moment, and the digest of the exact refresh token it sends, so a
 * proof is good for that one token (which the platform rotates on use) and only briefly. */
export async function refreshProofMessage(refreshToken: string, iat: number): Promise<Uint8Array<ArrayBuffer>> {
  return new TextEncoder().encode(`fieldside-refresh.${iat}.${await sha256Base64Url(refreshToken)}`);
}

/** What an installation signs to claim a pairing code: the moment, and the digest of the code, so a proof is good for
 * that one code and only briefly (the same skew rule as a refresh's). */
export async function pairProofMessage(code: string, iat: number): Promise<Uint8Array<ArrayBuffer>> {
  return new TextEncoder().encode(`fieldside-pair.${iat}.${await sha256Base64Url(code)}`);
}
