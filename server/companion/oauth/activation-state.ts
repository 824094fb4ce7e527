import { z } from 'zod';
import { DigestSchema } from '../../../contracts/installation-binding';
import { checkClaims, signClaims, type ClaimsProblem } from '../tokens/signed-claims';
import { randomNonce, STATE_TTL_MS } from './state';

// The state of an activation (an administrator allowing Fieldside for the account, from the platform's add-on
// store): signed like a sign-in's state (state.ts) but under a key of its own, stateless like it, and bound like it
// to whoever started it, here the administrator's browser: the state carries the S256 of a verifier that only that
// browser holds, in a cookie (activation-routes.ts). Its prefix lets /oauth/return tell the two kinds apart before
// checking anything, and its key keeps either from passing for the other (a sign-in's code can never be spent by an
// activation, nor an activation's by /oauth/token).

const PREFIX = 'a.';
const LABEL = 'fieldside-activation-state';

export interface ActivationPayload {
  nonce: string;
  /** Expiry, ms since the epoch. */
  expiresAt: number;
  /** S256 of the verifier in the starting browser's cookie. */
  codeChallenge: string;
  /** The "Activate again" ticket the activation was started with (activation-ticket.ts), if any. */
  ticket?: string;
}

const WireSchema = z.strictObject({
  k: z.literal('activation'),
  n: z.string().min(1),
  e: z.number().int(),
  c: DigestSchema,
  t: z.string().max(2048).optional(),
});

export type ActivationCheck = { ok: true; payload: ActivationPayload } | { ok: false; reason: ClaimsProblem };

export function isActivationState(state: string): boolean {
  return state.startsWith(PREFIX);
}

export async function signActivationState(
  secret: string,
  codeChallenge: string,
  now: number,
  ticket?: string,
): Promise<string> {
  const wire: z.infer<typeof WireSchema> = {
    k: 'activation',
    n: randomNonce(),
    e: now + STATE_TTL_MS,
    c: codeChallenge,
    ...(ticket ? { t: ticket } : {}),
  };
  return PREFIX + (await signClaims(secret, LABEL, wire));
}

export async function verifyActivationState(secret: string, state: string, now: number): Promise<ActivationCheck> {
  if (!isActivationState(state)) return { ok: false, reason: 'malformed' };
  const check = await checkClaims(secret, LABEL, WireSchema, state.slice(PREFIX.length), now);
  if (!check.ok) return check;
  const { n, e, c, t } = check.claims;
  const payload: ActivationPayload = { nonce: n, expiresAt: e, codeChallenge: c, ...(t ? { ticket: t } : {}) };
  if (now >= payload.expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
