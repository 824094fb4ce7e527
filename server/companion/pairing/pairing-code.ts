import { base64url } from 'jose';
import { z } from 'zod';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import { checkClaims, signClaims } from '../tokens/signed-claims';

// The one-time code behind "Use Fieldside in this browser": the companion signs who the platform vouched for in
// the signed event (account, staff member and their name), a nonce (spent once, at the claim) and a ten-minute
// expiry, under a key of its own (tokens/signed-claims.ts). It rides only in the pairing page's fragment, which no
// server, log or Referer sees. Stateless: any instance checks any code.

export const PAIRING_TTL_MS = 10 * 60_000;
/** Marks the kind for people reading it; the label's own key is what keeps kinds apart. */
const PREFIX = 'fsp2.';
const LABEL = 'fieldside-pairing-code';

const PayloadSchema = z.object({
  /** The account as the signed event spelt it: the extension compares it with its own. */
  a: z.string().min(1),
  s: z.string().min(1).transform(toUuid),
  n: z.string(),
  nonce: z.string().min(16),
  /** Expiry, ms since the epoch (not JWT's `exp`, which counts seconds). */
  e: z.number(),
});

export interface PairingClaims {
  account: string;
  staff: Uuid;
  staffName: string;
  nonce: string;
  /** ms since the epoch. */
  expiresAt: number;
}

export async function signPairingCode(
  secret: string,
  who: { account: string; staff: Uuid; staffName: string },
  nowMs: number,
): Promise<string> {
  const nonce = base64url.encode(crypto.getRandomValues(new Uint8Array(16)));
  const claims = { a: who.account, s: who.staff, n: who.staffName, nonce, e: nowMs + PAIRING_TTL_MS };
  return PREFIX + (await signClaims(secret, LABEL, claims));
}

export type PairingCheck =
  { ok: true; claims: PairingClaims } | { ok: false; problem: 'pairing_invalid' | 'pairing_expired' };

export async function verifyPairingCode(secret: string, code: string, nowMs: number): Promise<PairingCheck> {
  if (!code.startsWith(PREFIX)) return { ok: false, problem: 'pairing_invalid' };
  const check = await checkClaims(secret, LABEL, PayloadSchema, code.slice(PREFIX.length), nowMs);
  if (!check.ok) return { ok: false, problem: 'pairing_invalid' };
  const { a, s, n, nonce, e } = check.claims;
  if (e <= nowMs) return { ok: false, problem: 'pairing_expired' };
  return { ok: true, claims: { account: a, staff: s, staffName: n, nonce, expiresAt: e } };
}
