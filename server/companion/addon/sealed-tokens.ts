import { z } from 'zod';
import { openSealed, sealClaims } from '../tokens/sealed-claims';

// An account's own tokens, as the store holds them: sealed under a key of their own (never the key that signs
// states, seals the extension's refresh tokens or makes callback URLs), bound to the account, so a sealed value
// moved under another account does not open. The store (memory, Redis, Redis over HTTP) thus never holds a token
// in the clear.

/** Marks the kind for people reading the store; the label's own key is what keeps kinds apart. */
const PREFIX = 'fsa2.';
const LABEL = 'fieldside-account-tokens';

export const AccountTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** When the access token expires, ms since the epoch (the companion's clock at issue + expires_in). */
  expiresAt: z.number(),
  scope: z.string(),
});
export type AccountTokens = z.infer<typeof AccountTokensSchema>;

export async function sealAccountTokens(secret: string, account: string, tokens: AccountTokens): Promise<string> {
  return PREFIX + (await sealClaims(secret, LABEL, tokens, account));
}

/** The tokens, or undefined for a value that is not this account's under this secret (never an exception). */
export async function openAccountTokens(
  secret: string,
  account: string,
  value: string,
): Promise<AccountTokens | undefined> {
  if (!value.startsWith(PREFIX)) return undefined;
  return openSealed(secret, LABEL, AccountTokensSchema, value.slice(PREFIX.length), account);
}
