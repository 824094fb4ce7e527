import { z } from 'zod';
import { decodeBase64Url, encodeBase64Url } from '../base64url';
import { timingSafeEqual } from '../oauth/timing-safe-equal';

// The platform's signed event (PLATFORM-NOTES, "Add-ons inside the platform"): a compact JWT, HMAC-SHA-256 with the
// App Secret. The algorithm is pinned: a header that says anything but HS256 (`none`, HS512, RS256, or nothing) is
// refused before any signature work, so no header can choose how it is checked. The signature is compared in time
// that depends only on its length. Whether the real platform sends `iat` and `exp` is not documented: `iat` is
// required, so a short age can be enforced, and `exp` is checked when present.

/** An event older than this is refused, whatever its `exp` says. */
export const EVENT_MAX_AGE_MS = 5 * 60_000;
/** Clocks differ: an `iat` up to this far ahead of the companion's is taken. */
export const EVENT_MAX_FUTURE_MS = 60_000;

const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a uuid');

const HeaderSchema = z.looseObject({
  alg: z.string().optional(),
  typ: z.string().optional(),
  crit: z.unknown().optional(),
});

export const AddonEventSchema = z.looseObject({
  eventVersion: z.literal('1.0'),
  /** Always lower-case on the platform (its samples say so); compared as such. */
  eventName: z.string().min(1).max(100),
  auth: z.looseObject({ accountUUID: Uuid, staffUUID: Uuid }),
  eventArgs: z.record(z.string(), z.unknown()).default({}),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().nonnegative().optional(),
});
export type AddonEvent = z.infer<typeof AddonEventSchema>;

export type EventProblem = 'malformed' | 'algorithm' | 'signature' | 'expired';

export type VerifiedEvent = {
  ok: true;
  event: AddonEvent;
  /** SHA-256 of the whole token: what is spent once. */
  digest: string;
  /** When the token stops being acceptable anyway (its age limit, or its `exp` if sooner). */
  endOfLifeMs: number;
};

export type EventCheck = VerifiedEvent | { ok: false; problem: EventProblem };

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

function decodeJson(part: string): unknown {
  const bytes = decodeBase64Url(part);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** Signs as the platform does (HS256): for the development tools and tests that play the platform. */
export async function signAddonEvent(
  secret: string,
  payload: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): Promise<string> {
  const head = encodeBase64Url(encoder.encode(JSON.stringify(header)));
  const body = encodeBase64Url(encoder.encode(JSON.stringify(payload)));
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${head}.${body}`));
  return `${head}.${body}.${encodeBase64Url(new Uint8Array(mac))}`;
}

export async function verifyAddonEvent(secret: string, token: string, nowMs: number): Promise<EventCheck> {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return { ok: false, problem: 'malformed' };
  const [head, body, signature] = parts as [string, string, string];
  const header = HeaderSchema.safeParse(decodeJson(head));
  if (!header.success) return { ok: false, problem: 'malformed' };
  // Pinned before any signature work: the header never chooses how it is checked.
  if (header.data.alg !== 'HS256') return { ok: false, problem: 'algorithm' };
  if ((header.data.typ !== undefined && header.data.typ.toUpperCase() !== 'JWT') || header.data.crit !== undefined)
    return { ok: false, problem: 'malformed' };
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${head}.${body}`));
  if (!timingSafeEqual(encodeBase64Url(new Uint8Array(mac)), signature)) return { ok: false, problem: 'signature' };

  const payload = AddonEventSchema.safeParse(decodeJson(body));
  if (!payload.success) return { ok: false, problem: 'malformed' };
  const event = payload.data;
  const issuedMs = event.iat * 1000;
  const endOfLifeMs = Math.min(issuedMs + EVENT_MAX_AGE_MS, event.exp === undefined ? Infinity : event.exp * 1000);
  if (issuedMs > nowMs + EVENT_MAX_FUTURE_MS || endOfLifeMs <= nowMs) return { ok: false, problem: 'expired' };
  const digest = encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(token.trim()))));
  return { ok: true, event: { ...event, eventName: event.eventName.toLowerCase() }, digest, endOfLifeMs };
}
