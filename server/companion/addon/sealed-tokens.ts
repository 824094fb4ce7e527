import { derivedKey } from '../derived-key';
import { z } from 'zod';
import { decodeBase64Url, encodeBase64Url } from '../base64url';

// An account's own tokens, as the store holds them: AES-256-GCM under a key derived (HKDF) from SIGNING_SECRET
// with a label of its own, so it is never the key that signs states, seals the extension's refresh tokens or
// makes callback URLs. The account's uuid is the additional data: a sealed value moved under another account's
// key does not open. The store (memory, Redis, Redis over HTTP) thus never holds a token in the clear.

const PREFIX = 'fsa1';
const LABEL = 'fieldside-account-tokens';
const encoder = new TextEncoder();

export const AccountTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** When the access token expires, ms since the epoch (the companion's clock at issue + expires_in). */
  expiresAt: z.number(),
  scope: z.string(),
});
export type AccountTokens = z.infer<typeof AccountTokensSchema>;

function tokensKey(secret: string): Promise<CryptoKey> {
  return derivedKey(secret, LABEL, { name: 'AES-GCM', usages: ['encrypt', 'decrypt'] });
}

const aad = (account: string) => encoder.encode(`${PREFIX}:${account}`);

export async function sealAccountTokens(secret: string, account: string, tokens: AccountTokens): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = encoder.encode(JSON.stringify(tokens));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(account) },
    await tokensKey(secret),
    plain,
  );
  return `${PREFIX}.${encodeBase64Url(iv)}.${encodeBase64Url(new Uint8Array(sealed))}`;
}

/** The tokens, or undefined for a value that is not this account's under this secret (never an exception). */
export async function openAccountTokens(
  secret: string,
  account: string,
  value: string,
): Promise<AccountTokens | undefined> {
  const [prefix, ivText, sealedText, ...rest] = value.split('.');
  if (prefix !== PREFIX || rest.length > 0 || !ivText || !sealedText) return undefined;
  const iv = decodeBase64Url(ivText);
  const sealed = decodeBase64Url(sealedText);
  if (!iv || iv.length !== 12 || !sealed) return undefined;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: aad(account) },
      await tokensKey(secret),
      sealed,
    );
    const parsed = AccountTokensSchema.safeParse(JSON.parse(new TextDecoder().decode(plain)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
