import { z } from 'zod';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import { openClaims, signClaims } from '../tokens/signed-claims';

// The companion's pass for one platform access token (COMPANION_HEADERS.pass): the account the token belongs to, the
// token's digest, when it expires, and the staff member the platform vouched for when the request that got it carried
// an identity that checked. Handed out with the token (/oauth/token, /oauth/refresh) and by a pairing claim; every
// feed call shows it beside the token, so the companion knows the caller's account and person without asking the
// platform, and a token it cannot place costs the platform nothing.

const LABEL = 'fieldside-pass';
const TYP = 'fieldside-pass';

export interface Pass {
  account: string;
  /** Seconds since the epoch: when the access token expires. */
  exp: number;
  /** The staff member the platform vouched for (pairing); absent for a self-declared or unpaired one. */
  staff?: Uuid;
}

const ClaimsSchema = z.object({
  typ: z.literal(TYP),
  account: z.string().min(1),
  token: z.string().min(1),
  exp: z.number(),
  /** Lower-cased on every read: a pass is the one place the feed learns its reader. */
  staff: z.string().min(1).transform(toUuid).optional(),
});

export async function signPass(
  secret: string,
  pass: { account: string; accessToken: string; expiresAtMs: number; staff?: Uuid | undefined },
): Promise<string> {
  return signClaims(secret, LABEL, {
    typ: TYP,
    account: pass.account,
    token: await sha256Base64Url(pass.accessToken),
    exp: Math.floor(pass.expiresAtMs / 1000),
    ...(pass.staff ? { staff: pass.staff } : {}),
  });
}

/** The pass, when it is the companion's, in date, and for this very access token; undefined otherwise. */
export async function openPass(
  secret: string,
  pass: string | undefined,
  accessToken: string,
  nowMs: number,
): Promise<Pass | undefined> {
  if (!pass) return undefined;
  const claims = await openClaims(secret, LABEL, ClaimsSchema, pass, nowMs);
  if (!claims || claims.token !== (await sha256Base64Url(accessToken))) return undefined;
  return { account: claims.account, exp: claims.exp, ...(claims.staff ? { staff: claims.staff } : {}) };
}
