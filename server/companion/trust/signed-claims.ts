import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { z } from 'zod';
import { derivedKey } from '../derived-key';

// The companion's own signed statements (an identity, a pass): compact JWS, HS256, under a key derived from
// SIGNING_SECRET with a label of each kind's own, so one kind never passes for another. The algorithm is pinned: no
// header chooses how a value is checked. Each kind's payload names its `typ` and is checked whole with zod.

const keyOf = (secret: string, label: string) =>
  derivedKey(secret, label, { name: 'HMAC', usages: ['sign', 'verify'] });

export async function signClaims(secret: string, label: string, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(await keyOf(secret, label));
}

/** The claims, when `token` is one the companion signed under `label` and still in date; undefined otherwise. */
export async function openClaims<S extends z.ZodType>(
  secret: string,
  label: string,
  schema: S,
  token: string,
  nowMs: number,
): Promise<z.infer<S> | undefined> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret, label), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const parsed = schema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
