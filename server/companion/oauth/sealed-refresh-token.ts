import { derivedKey } from '../derived-key';
import { z } from 'zod';
import { InstallationKeySchema, type InstallationKey } from '../../../contracts/installation-binding';
import { decodeBase64Url, encodeBase64Url } from '../base64url';

// The refresh token the extension holds is the platform's refresh token sealed, by the companion, to the
// installation key it was issued for (and the account, for the per-account limit): AES-256-GCM under a key
// derived from the signing secret. The companion stays stateless, the extension never sees the platform's
// refresh token, and a sealed token is worth nothing without the installation's private key (its proof is
// checked at every refresh: installation-proof.ts). Changing SIGNING_SECRET unseals nothing any more: every
// installation then signs in again.

const PREFIX = 'fsr1';
const encoder = new TextEncoder();

export interface SealedContent {
  /** The platform's refresh token. */
  refreshToken: string;
  key: InstallationKey;
  /** The account's uuid, or null when the platform would not say (no `vendor` scope). */
  account: string | null;
}

const WireSchema = z.object({ r: z.string().min(1), k: InstallationKeySchema, a: z.string().nullable() });

/** HKDF from the signing secret, labelled, so the sealing key is never the key that signs states or callbacks. */
function sealingKey(secret: string): Promise<CryptoKey> {
  return derivedKey(secret, 'fieldside-refresh-seal', { name: 'AES-GCM', usages: ['encrypt', 'decrypt'] });
}

export async function sealRefreshToken(secret: string, content: SealedContent): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = encoder.encode(JSON.stringify({ r: content.refreshToken, k: content.key, a: content.account }));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(PREFIX) },
    await sealingKey(secret),
    plain,
  );
  return `${PREFIX}.${encodeBase64Url(iv)}.${encodeBase64Url(new Uint8Array(sealed))}`;
}

/** The content of a token this companion sealed, or undefined for anything else (never an exception). */
export async function unsealRefreshToken(secret: string, token: string): Promise<SealedContent | undefined> {
  const [prefix, ivText, sealedText, ...rest] = token.split('.');
  if (prefix !== PREFIX || rest.length > 0 || !ivText || !sealedText) return undefined;
  const iv = decodeBase64Url(ivText);
  const sealed = decodeBase64Url(sealedText);
  if (!iv || iv.length !== 12 || !sealed) return undefined;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(PREFIX) },
      await sealingKey(secret),
      sealed,
    );
    const wire = WireSchema.safeParse(JSON.parse(new TextDecoder().decode(plain)));
    return wire.success ? { refreshToken: wire.data.r, key: wire.data.k, account: wire.data.a } : undefined;
  } catch {
    return undefined; // forged, tampered with, or sealed under another secret
  }
}
