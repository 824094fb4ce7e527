import {
  encodeBase64Url,
  INSTALLATION_KEY_ALGORITHM,
  INSTALLATION_SIGNATURE_ALGORITHM,
  installationIdOf,
  InstallationKeySchema,
  pairProofMessage,
  refreshProofMessage,
  type InstallationKey,
  type InstallationProof,
} from '../../contracts/installation-binding';
import { signedOutError } from '../api/errors';
import type { SecretStore } from './secrets/store';

// This installation's key pair (contracts/installation-binding.ts): made for the first sign-in, with a
// private half the browser will not export, and kept in the secret store (the extension origin's IndexedDB,
// which content scripts and web pages cannot open). The companion seals refresh tokens to its public half and
// refreshes only with a signature of its private half, so a refresh token copied out of the browser is useless.

export interface InstallationKeys {
  /** The public key and its id: the kept pair, or (before the first sign-in completes) a new one held in memory. */
  publicKey(): Promise<{ key: InstallationKey; id: string }>;
  /** After a completed sign-in: keeps the pair its refresh token is now sealed to. */
  keep(): Promise<void>;
  /** Signs a refresh of `refreshToken`, now. */
  prove(refreshToken: string): Promise<InstallationProof>;
  /** Signs a pairing claim of `code`, now: the identity the companion answers is then bound to this key. */
  provePairing(code: string): Promise<InstallationProof>;
}

export function createInstallationKeys(deps: {
  secrets: Pick<SecretStore, 'get' | 'set'>;
  now?: () => number;
}): InstallationKeys {
  const now = deps.now ?? Date.now;
  // The kept pair is read from the store every time rather than remembered: sign-out deletes it, and neither a
  // later sign-in nor a refresh racing the sign-out may use a pair the store no longer holds. A new pair waits
  // in memory until a sign-in completes, so a sign-in that fails or is abandoned leaves nothing on disk (it
  // lives as long as the flow's verifier, which is in memory too).
  let pending: Promise<CryptoKeyPair> | undefined;

  async function current(): Promise<CryptoKeyPair> {
    const kept = await deps.secrets.get('installationKey');
    if (kept) return kept;
    pending ??= crypto.subtle.generateKey(INSTALLATION_KEY_ALGORITHM, false, ['sign', 'verify']);
    return pending;
  }

  /** Signs `message` with the kept key, now. */
  async function sign(message: (iat: number) => Promise<Uint8Array<ArrayBuffer>>): Promise<InstallationProof> {
    const kept = await deps.secrets.get('installationKey');
    // Signed out meanwhile, or tokens from before sign-ins were tied to installations: only a sign-in helps.
    if (!kept) throw signedOutError('This browser no longer holds the key its sign-in is tied to: sign in again');
    const iat = Math.floor(now() / 1000);
    const signature = await crypto.subtle.sign(INSTALLATION_SIGNATURE_ALGORITHM, kept.privateKey, await message(iat));
    return { iat, signature: encodeBase64Url(new Uint8Array(signature)) };
  }

  return {
    async publicKey() {
      const jwk = await crypto.subtle.exportKey('jwk', (await current()).publicKey);
      const key = InstallationKeySchema.parse({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y });
      return { key, id: await installationIdOf(key) };
    },
    async keep() {
      const made = pending;
      if (!made) return;
      pending = undefined;
      if (!(await deps.secrets.get('installationKey'))) await deps.secrets.set('installationKey', await made);
    },
    prove: (refreshToken) => sign((iat) => refreshProofMessage(refreshToken, iat)),
    provePairing: (code) => sign((iat) => pairProofMessage(code, iat)),
  };
}
