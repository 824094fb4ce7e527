import {
  INSTALLATION_KEY_ALGORITHM,
  INSTALLATION_SIGNATURE_ALGORITHM,
  REFRESH_PROOF_MAX_SKEW_SECONDS,
  refreshProofMessage,
  type InstallationKey,
  type RefreshProof,
} from '../../../contracts/installation-binding';
import { decodedOrUndefined } from '../tokens/base64';

// Checks that a request was signed by an installation's key: a refresh (the signature over the moment and the sealed
// token's digest) or a pairing claim (over the moment and the code's digest), contracts/installation-binding.ts,
// made within a few minutes of now.

export type ProofCheck = { ok: true } | { ok: false; reason: 'bad_signature' | 'clock_skew' };

export function checkRefreshProof(
  key: InstallationKey,
  refreshToken: string,
  proof: RefreshProof,
  nowMs: number,
): Promise<ProofCheck> {
  return refreshProofMessage(refreshToken, proof.iat).then((message) =>
    checkInstallationProof(key, message, proof, nowMs),
  );
}

/** Whether `proof` is the key's signature over `message`, made within the skew allowed. */
export async function checkInstallationProof(
  key: InstallationKey,
  message: Uint8Array<ArrayBuffer>,
  proof: RefreshProof,
  nowMs: number,
): Promise<ProofCheck> {
  const signature = decodedOrUndefined(proof.signature);
  if (!signature) return { ok: false, reason: 'bad_signature' };
  let publicKey: CryptoKey;
  try {
    publicKey = await crypto.subtle.importKey('jwk', { ...key, ext: true }, INSTALLATION_KEY_ALGORITHM, false, [
      'verify',
    ]);
  } catch {
    return { ok: false, reason: 'bad_signature' }; // not a point on the curve
  }
  const valid = await crypto.subtle.verify(INSTALLATION_SIGNATURE_ALGORITHM, publicKey, signature, message);
  if (!valid) return { ok: false, reason: 'bad_signature' };
  // Checked after the signature, so only the installation itself learns that its clock is off.
  if (Math.abs(nowMs / 1000 - proof.iat) > REFRESH_PROOF_MAX_SKEW_SECONDS) return { ok: false, reason: 'clock_skew' };
  return { ok: true };
}
