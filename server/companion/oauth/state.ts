import { z } from 'zod';
import { DigestSchema } from '../../../contracts/installation-binding';
import { base64url } from 'jose';
import { checkClaims, signClaims, type ClaimsProblem } from '../tokens/signed-claims';

// OAuth `state` is stateless: the companion keeps nothing between /oauth/start and /oauth/token, so any instance
// can serve any step. The state carries the extension's redirect URL (so /oauth/return knows where to hand the
// code on), a nonce (so every flow's state is unique and the extension can match it), an expiry, and what binds
// the flow to the installation that started it: the S256 challenge of the verifier it keeps and its installation
// key's id (contracts/installation-binding.ts). It is signed (tokens/signed-claims.ts), so nobody can point the code
// at a redirect URL of their own choosing or swap the binding.

export const STATE_TTL_MS = 10 * 60 * 1000;

export interface StatePayload {
  /** The extension's identity redirect URL, already checked against the allow-list. */
  redirectUrl: string;
  nonce: string;
  /** Expiry, ms since the epoch. */
  expiresAt: number;
  /** S256 of the starter's code verifier: /oauth/token must present the verifier. */
  codeChallenge: string;
  /** The starter's installation key id: /oauth/token must present that key. */
  installation: string;
}

/** What /oauth/start binds into a new state. */
export type StateBinding = Pick<StatePayload, 'redirectUrl' | 'codeChallenge' | 'installation'>;

// Strict: a signed value of another kind (activation-state.ts) never passes for a sign-in's state.
const WireSchema = z.strictObject({
  r: z.string().min(1),
  n: z.string().min(1),
  e: z.number().int(),
  c: DigestSchema,
  i: DigestSchema,
});

export type StateCheck = { ok: true; payload: StatePayload } | { ok: false; reason: ClaimsProblem };

/** The derived key's label: a state is signed under a key no other kind of value uses. */
export const STATE_LABEL = 'fieldside-oauth-state';

export function randomNonce(): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(16)));
}

/** Signs a new state for a redirect URL and its binding. */
export async function signState(
  secret: string,
  binding: StateBinding,
  options: { now?: number; ttlMs?: number; nonce?: string } = {},
): Promise<{ state: string; payload: StatePayload }> {
  const payload: StatePayload = {
    ...binding,
    nonce: options.nonce ?? randomNonce(),
    expiresAt: (options.now ?? Date.now()) + (options.ttlMs ?? STATE_TTL_MS),
  };
  const wire = {
    r: payload.redirectUrl,
    n: payload.nonce,
    e: payload.expiresAt,
    c: payload.codeChallenge,
    i: payload.installation,
  };
  return { state: await signClaims(secret, STATE_LABEL, wire), payload };
}

/** Checks the signature, the shape, and then the expiry. */
export async function verifyState(secret: string, state: string, now: number = Date.now()): Promise<StateCheck> {
  const check = await checkClaims(secret, STATE_LABEL, WireSchema, state, now);
  if (!check.ok) return check;
  const { r, n, e, c, i } = check.claims;
  const payload: StatePayload = { redirectUrl: r, nonce: n, expiresAt: e, codeChallenge: c, installation: i };
  if (now >= payload.expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
