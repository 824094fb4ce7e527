import { z } from 'zod';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import { openClaims, signClaims, staffClaims, type StaffOfAccount } from '../tokens/signed-claims';

// Who a browser installation's person is, on the platform's word: what a pairing claim bound (the staff member the
// signed add-on event named, the account, and the id of the installation key that proved the claim), signed by the
// companion. No expiry: it is worth nothing without that installation's private key, because it counts only where a
// request is bound to that key (a sign-in's installation_key, a refresh's sealed key whose proof was just checked).

const LABEL = 'fieldside-identity';
const TYP = 'fieldside-identity';

export interface Identity extends StaffOfAccount {
  /** The installation key's id (installationIdOf). */
  installation: string;
}

const ClaimsSchema = staffClaims(TYP).extend({ installation: z.string().min(1), iat: z.number() });

export function signIdentity(secret: string, identity: Identity, nowMs: number): Promise<string> {
  return signClaims(secret, LABEL, { typ: TYP, ...identity, iat: Math.floor(nowMs / 1000) });
}

export async function openIdentity(secret: string, token: string, nowMs: number): Promise<Identity | undefined> {
  const claims = await openClaims(secret, LABEL, ClaimsSchema, token, nowMs);
  return claims && { account: claims.account, staff: claims.staff, installation: claims.installation };
}

/** The staff member an identity names, when it is this account's and this installation's; else undefined. */
export async function staffOfIdentity(
  secret: string,
  token: string | undefined,
  bound: { account: string | null; installation: string },
  nowMs: number,
): Promise<Uuid | undefined> {
  if (token === undefined || bound.account === null) return undefined;
  const identity = await openIdentity(secret, token, nowMs);
  if (!identity) return undefined;
  return identity.account === toUuid(bound.account) && identity.installation === bound.installation
    ? identity.staff
    : undefined;
}
