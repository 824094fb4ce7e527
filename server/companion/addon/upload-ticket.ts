import { z } from 'zod';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import { openClaims, signClaims, staffClaims, type StaffOfAccount } from '../tokens/signed-claims';

// The panel's right to send photos to one job as one person: a JWS the companion signs into the panel's HTML from
// the platform's signed event (its account, `auth.staffUUID` and `eventArgs.jobUUID`), because a photo is far larger
// than what `invoke` carries, so the panel sends it to the companion itself (photo-route.ts). It names nothing the
// event did not: whoever holds it can only add photos to that job as that person, for as long as a visit lasts.

const LABEL = 'fieldside-addon-upload';
const TYP = 'fieldside-upload';
/** A panel stays open through a visit: opened on arrival, a photo taken before leaving. */
export const UPLOAD_TICKET_TTL_MS = 4 * 60 * 60_000;

export interface UploadGrant extends StaffOfAccount {
  job: Uuid;
}

const ClaimsSchema = staffClaims(TYP).extend({ job: z.string().min(1).transform(toUuid), exp: z.number() });

export function signUploadTicket(secret: string, grant: UploadGrant, nowMs: number): Promise<string> {
  return signClaims(secret, LABEL, {
    typ: TYP,
    account: grant.account,
    staff: grant.staff,
    job: grant.job,
    exp: Math.floor((nowMs + UPLOAD_TICKET_TTL_MS) / 1000),
  });
}

/** The grant, when the ticket is the companion's and in date; undefined otherwise (forged, another kind, expired). */
export async function openUploadTicket(
  secret: string,
  ticket: string,
  nowMs: number,
): Promise<UploadGrant | undefined> {
  const claims = await openClaims(secret, LABEL, ClaimsSchema, ticket, nowMs);
  return claims ? { account: claims.account, staff: claims.staff, job: claims.job } : undefined;
}
