import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import { derivedKey } from './derived-key';

// The companion's signed values (a sign-in's and an activation's state, a pairing code, an identity, a pass, an
// activation ticket): compact JWS, HS256, under a key derived from SIGNING_SECRET with a label of each kind's own,
// so one kind never passes for another. The algorithm is pinned: no header chooses how a value is checked. Each
// kind's payload is checked whole with zod.

const keyOf = (secret: string, label: string) =>
  derivedKey(secret, label, { name: 'HMAC', usages: ['sign', 'verify'] });

/** The account and staff member a signed value names (an upload ticket, an activation ticket, an identity). */
export interface StaffOfAccount {
  account: Uuid;
  staff: Uuid;
}

/** The payload of a kind of value that names a staff member of an account: its `typ`, then the two, lower-cased
 * on every read (a value an older version signed may spell them otherwise). */
export const staffClaims = <T extends string>(typ: T) =>
  z.object({
    typ: z.literal(typ),
    account: z.string().min(1).transform(toUuid),
    staff: z.string().min(1).transform(toUuid),
  });

export async function signClaims(secret: string, label: string, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(await keyOf(secret, label));
}

/** Why a value was refused: not one of ours (or not this kind's shape), altered, or past its `exp`. */
export type ClaimsProblem = 'malformed' | 'bad_signature' | 'expired';
export type ClaimsCheck<T> = { ok: true; claims: T } | { ok: false; reason: ClaimsProblem };

function problemOf(error: unknown): ClaimsProblem {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad_signature';
  return 'malformed';
}

/** The claims of a value the companion signed under `label`, or why not (never an exception). */
export async function checkClaims<S extends z.ZodType>(
  secret: string,
  label: string,
  schema: S,
  token: string,
  nowMs: number,
): Promise<ClaimsCheck<z.infer<S>>> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret, label), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const parsed = schema.safeParse(payload);
    return parsed.success ? { ok: true, claims: parsed.data } : { ok: false, reason: 'malformed' };
  } catch (error) {
    return { ok: false, reason: problemOf(error) };
  }
}

/** The claims, when `token` is one the companion signed under `label` and still in date; undefined otherwise. */
export async function openClaims<S extends z.ZodType>(
  secret: string,
  label: string,
  schema: S,
  token: string,
  nowMs: number,
): Promise<z.infer<S> | undefined> {
  const check = await checkClaims(secret, label, schema, token, nowMs);
  return check.ok ? check.claims : undefined;
}
