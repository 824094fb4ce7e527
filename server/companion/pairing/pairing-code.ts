import { derivedKey } from '../derived-key';
import { z } from 'zod';
import { decodeBase64Url, encodeBase64Url } from '../base64url';
import { timingSafeEqual } from '../oauth/timing-safe-equal';

// The one-time code behind "Use Fieldside in this browser": the companion signs who the platform vouched for in
// the signed event (account, staff member and their name), a nonce (spent once, at the claim) and a ten-minute
// expiry, under a key derived (HKDF) from SIGNING_SECRET with a label of its own. It rides only in the pairing
// page's fragment, which no server, log or Referer sees. Stateless: any instance checks any code.

export const PAIRING_TTL_MS = 10 * 60_000;
const PREFIX = 'fsp1';
const LABEL = 'fieldside-pairing-code';
const encoder = new TextEncoder();

const PayloadSchema = z.object({
  a: z.string().min(1),
  s: z.string().min(1),
  n: z.string(),
  nonce: z.string().min(16),
  exp: z.number(),
});

export interface PairingClaims {
  account: string;
  staff: string;
  staffName: string;
  nonce: string;
  /** ms since the epoch. */
  expiresAt: number;
}

function pairingKey(secret: string): Promise<CryptoKey> {
  return derivedKey(secret, LABEL, { name: 'HMAC', usages: ['sign'] });
}

const mac = async (secret: string, body: string) =>
  encodeBase64Url(
    new Uint8Array(await crypto.subtle.sign('HMAC', await pairingKey(secret), encoder.encode(`${PREFIX}.${body}`))),
  );

export async function signPairingCode(
  secret: string,
  who: { account: string; staff: string; staffName: string },
  nowMs: number,
): Promise<string> {
  const nonce = encodeBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const body = encodeBase64Url(
    encoder.encode(
      JSON.stringify({ a: who.account, s: who.staff, n: who.staffName, nonce, exp: nowMs + PAIRING_TTL_MS }),
    ),
  );
  return `${PREFIX}.${body}.${await mac(secret, body)}`;
}

export type PairingCheck =
  { ok: true; claims: PairingClaims } | { ok: false; problem: 'pairing_invalid' | 'pairing_expired' };

export async function verifyPairingCode(secret: string, code: string, nowMs: number): Promise<PairingCheck> {
  const [prefix, body, signature, ...rest] = code.split('.');
  if (prefix !== PREFIX || rest.length > 0 || !body || !signature) return { ok: false, problem: 'pairing_invalid' };
  if (!timingSafeEqual(await mac(secret, body), signature)) return { ok: false, problem: 'pairing_invalid' };
  const bytes = decodeBase64Url(body);
  let raw: unknown;
  try {
    raw = bytes ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
  } catch {
    raw = undefined;
  }
  const payload = PayloadSchema.safeParse(raw);
  if (!payload.success) return { ok: false, problem: 'pairing_invalid' };
  if (payload.data.exp <= nowMs) return { ok: false, problem: 'pairing_expired' };
  const { a, s, n, nonce, exp } = payload.data;
  return { ok: true, claims: { account: a, staff: s, staffName: n, nonce, expiresAt: exp } };
}
