import {
  createCodeVerifier,
  encodeBase64Url,
  INSTALLATION_KEY_ALGORITHM,
  INSTALLATION_SIGNATURE_ALGORITHM,
  installationIdOf,
  pairProofMessage,
  refreshProofMessage,
  type InstallationKey,
  type RefreshProof,
} from '../../../contracts/installation-binding';

// Test support: an extension installation played in Node, as lib/auth does it in the browser: a P-256 key pair
// whose private half cannot be exported, its public JWK and id, and the proofs it signs for refreshes.

export interface TestInstallation {
  key: InstallationKey;
  id: string;
  prove(refreshToken: string, at?: number): Promise<RefreshProof>;
  /** The signature of a pairing claim of `code` (pairProofMessage). */
  provePairing(code: string, at?: number): Promise<RefreshProof>;
}

export async function createTestInstallation(): Promise<TestInstallation> {
  const pair = await crypto.subtle.generateKey(INSTALLATION_KEY_ALGORITHM, false, ['sign', 'verify']);
  const { x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const key: InstallationKey = { kty: 'EC', crv: 'P-256', x: x!, y: y! };
  const sign = async (message: (iat: number) => Promise<Uint8Array<ArrayBuffer>>, at: number) => {
    const iat = Math.floor(at / 1000);
    const signature = await crypto.subtle.sign(INSTALLATION_SIGNATURE_ALGORITHM, pair.privateKey, await message(iat));
    return { iat, signature: encodeBase64Url(new Uint8Array(signature)) };
  };
  return {
    key,
    id: await installationIdOf(key),
    prove: (refreshToken, at = Date.now()) => sign((iat) => refreshProofMessage(refreshToken, iat), at),
    provePairing: (code, at = Date.now()) => sign((iat) => pairProofMessage(code, iat), at),
  };
}

export { createCodeVerifier };
