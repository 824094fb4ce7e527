import { z } from 'zod';
import { DigestSchema } from '../../../contracts/installation-binding';
import { decodeBase64Url, encodeBase64Url } from '../base64url';

// OAuth `state` is stateless: the companion keeps nothing between /oauth/start and /oauth/token, so any instance
// can serve any step. The state carries the extension's redirect URL (so /oauth/return knows where to hand the
// code on), a nonce (so every flow's state is unique and the extension can match it), an expiry, and what binds
// the flow to the installation that started it: the S256 challenge of the verifier it keeps and its installation
// key's id (contracts/installation-binding.ts). It is signed with HMAC-SHA256, so nobody can point the code at a
// redirect URL of their own choosing or swap the binding.

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

export type StateCheck =
  { ok: true; payload: StatePayload } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keyCache.set(secret, key);
  }
  return key;
}

export function randomNonce(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** `<base64url(json)>.<base64url(hmac)>`: a value the companion alone can have made. */
export async function signWire(secret: string, wire: object): Promise<string> {
  const body = encodeBase64Url(encoder.encode(JSON.stringify(wire)));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body)));
  return `${body}.${encodeBase64Url(mac)}`;
}

export type OpenedWire = { ok: true; wire: unknown } | { ok: false; reason: 'malformed' | 'bad_signature' };

/** The JSON a signed value carries, once its MAC checks (in constant time, through WebCrypto's verify). */
export async function openWire(secret: string, signed: string): Promise<OpenedWire> {
  const parts = signed.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const [body, macText] = parts as [string, string];
  const mac = decodeBase64Url(macText);
  if (!body || !mac || mac.length !== 32) return { ok: false, reason: 'malformed' };
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), mac, encoder.encode(body));
  if (!valid) return { ok: false, reason: 'bad_signature' };
  const json = decodeBase64Url(body);
  if (!json) return { ok: false, reason: 'malformed' };
  try {
    return { ok: true, wire: JSON.parse(new TextDecoder().decode(json)) };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
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
  return { state: await signWire(secret, wire), payload };
}

/** Checks the signature, the shape, and then the expiry. */
export async function verifyState(secret: string, state: string, now: number = Date.now()): Promise<StateCheck> {
  const opened = await openWire(secret, state);
  if (!opened.ok) return opened;
  const parsed = WireSchema.safeParse(opened.wire);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const { r, n, e, c, i } = parsed.data;
  const payload: StatePayload = { redirectUrl: r, nonce: n, expiresAt: e, codeChallenge: c, installation: i };
  if (now >= payload.expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
