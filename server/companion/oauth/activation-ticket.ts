import { z } from 'zod';
import { openClaims, signClaims, staffClaims, type StaffOfAccount } from '../tokens/signed-claims';

// What lets an activation replace the grant an account already keeps: a ticket the job-card panel gives a staff
// member the platform's signed event named and whose role is an administrator one ("Activate again"), good for ten
// minutes and once (its nonce is spent when the activation finishes). Signed by the companion under a key of its own.

const LABEL = 'fieldside-activation-ticket';
const TYP = 'fieldside-activation-ticket';
export const TICKET_TTL_MS = 10 * 60_000;

export interface ActivationTicket extends StaffOfAccount {
  nonce: string;
}

const ClaimsSchema = staffClaims(TYP).extend({ nonce: z.string().min(16), exp: z.number() });

export function signActivationTicket(secret: string, who: StaffOfAccount, nowMs: number) {
  const nonce = crypto.randomUUID().replace(/-/g, '');
  return signClaims(secret, LABEL, { typ: TYP, ...who, nonce, exp: Math.floor((nowMs + TICKET_TTL_MS) / 1000) });
}

export async function openActivationTicket(
  secret: string,
  ticket: string,
  nowMs: number,
): Promise<ActivationTicket | undefined> {
  const claims = await openClaims(secret, LABEL, ClaimsSchema, ticket, nowMs);
  return claims && { account: claims.account, staff: claims.staff, nonce: claims.nonce };
}
