import { compactDecrypt, CompactEncrypt } from 'jose';
import type { z } from 'zod';
import { derivedKey } from './derived-key';

// The companion's sealed values (the platform's refresh token as the extension holds it, an account's tokens as the
// store holds them): compact JWE, direct AES-256-GCM, under a key derived from SIGNING_SECRET with a label of each
// kind's own. `bound` names what the value belongs to (an account): it rides in the protected header, which GCM
// authenticates, so a value moved to another owner does not open. Nothing sealed is readable without the secret.

const keyOf = (secret: string, label: string) =>
  derivedKey(secret, label, { name: 'AES-GCM', usages: ['encrypt', 'decrypt'] });

const encoder = new TextEncoder();

export async function sealClaims(secret: string, label: string, claims: object, bound = ''): Promise<string> {
  return new CompactEncrypt(encoder.encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', bnd: bound })
    .encrypt(await keyOf(secret, label));
}

/** The claims of a value the companion sealed under `label` for `bound`; undefined for anything else, forged,
 * altered, another owner's or sealed under another secret (never an exception). */
export async function openSealed<S extends z.ZodType>(
  secret: string,
  label: string,
  schema: S,
  token: string,
  bound = '',
): Promise<z.infer<S> | undefined> {
  try {
    const { plaintext, protectedHeader } = await compactDecrypt(token, await keyOf(secret, label), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    if (protectedHeader.bnd !== bound) return undefined;
    const parsed = schema.safeParse(JSON.parse(new TextDecoder().decode(plaintext)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
