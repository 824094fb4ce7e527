import { z } from 'zod';
import { InstallationKeySchema, type InstallationKey } from '../../../contracts/installation-binding';
import { openSealed, sealClaims } from '../tokens/sealed-claims';

// The refresh token the extension holds is the platform's refresh token sealed, by the companion, to the
// installation key it was issued for (and the account, for the per-account limit). The companion stays stateless,
// the extension never sees the platform's refresh token, and a sealed token is worth nothing without the
// installation's private key (its proof is checked at every refresh: installation-proof.ts). Changing
// SIGNING_SECRET unseals nothing any more: every installation then signs in again.

/** Marks the kind for people reading logs; the label's own key is what keeps kinds apart. */
const PREFIX = 'fsr2.';
const LABEL = 'fieldside-refresh-seal';

export interface SealedContent {
  /** The platform's refresh token. */
  refreshToken: string;
  key: InstallationKey;
  /** The account's uuid, or null when the platform would not say (no `vendor` scope). */
  account: string | null;
}

const WireSchema = z.object({ r: z.string().min(1), k: InstallationKeySchema, a: z.string().nullable() });

export async function sealRefreshToken(secret: string, content: SealedContent): Promise<string> {
  return PREFIX + (await sealClaims(secret, LABEL, { r: content.refreshToken, k: content.key, a: content.account }));
}

/** The content of a token this companion sealed, or undefined for anything else (never an exception). */
export async function unsealRefreshToken(secret: string, token: string): Promise<SealedContent | undefined> {
  if (!token.startsWith(PREFIX)) return undefined;
  const wire = await openSealed(secret, LABEL, WireSchema, token.slice(PREFIX.length));
  return wire && { refreshToken: wire.r, key: wire.k, account: wire.a };
}
