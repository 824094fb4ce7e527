import { describe, expect, it } from 'vitest';
import {
  INSTALLATION_KEY_ALGORITHM,
  INSTALLATION_SIGNATURE_ALGORITHM,
  installationIdOf,
  pairProofMessage,
  refreshProofMessage,
} from '../../contracts/installation-binding';
import { createInstallationKeys } from './installation-key';
import { freshSecretStores } from './testing/secrets';

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)), (c) =>
    c.charCodeAt(0),
  );

const freshStore = freshSecretStores('fieldside-installation-test');

/** Installation keys kept (as after a sign-in) in a fresh store at `nowMs`, and a check with their public half. */
async function keptKeys(nowMs: number) {
  const keys = createInstallationKeys({ secrets: freshStore(), now: () => nowMs });
  const { key } = await keys.publicKey();
  await keys.keep();
  const publicKey = await crypto.subtle.importKey('jwk', key, INSTALLATION_KEY_ALGORITHM, false, ['verify']);
  const verifies = (signature: string, message: Uint8Array<ArrayBuffer>) =>
    crypto.subtle.verify(INSTALLATION_SIGNATURE_ALGORITHM, publicKey, fromBase64Url(signature), message);
  return { keys, verifies };
}

describe('installation keys', () => {
  it('holds a new pair in memory until a sign-in completes, then keeps it in the secret store, its private half not extractable', async () => {
    const secrets = freshStore();
    const keys = createInstallationKeys({ secrets });
    const first = await keys.publicKey();
    // The flow's start and its token step see the same pair, and nothing is on disk yet.
    expect(await keys.publicKey()).toEqual(first);
    expect(await secrets.names()).toEqual([]);
    await keys.keep();
    // Another worker life (a new instance over the same store) has the same installation.
    expect(await createInstallationKeys({ secrets }).publicKey()).toEqual(first);
    expect(first.id).toBe(await installationIdOf(first.key));
    const kept = (await secrets.get('installationKey'))!;
    expect(kept.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', kept.privateKey)).rejects.toThrow();
  });

  it('signs a refresh that verifies with its public key, for that one token and moment', async () => {
    const { keys, verifies } = await keptKeys(1_800_000_000_123);
    const proof = await keys.prove('fsr2.sealed-token');
    expect(proof.iat).toBe(1_800_000_000);
    const verify = async (token: string, iat: number) =>
      verifies(proof.signature, await refreshProofMessage(token, iat));
    expect(await verify('fsr2.sealed-token', proof.iat)).toBe(true);
    expect(await verify('fsr2.another-token', proof.iat)).toBe(false);
    expect(await verify('fsr2.sealed-token', proof.iat + 1)).toBe(false);
  });

  it('signs a pairing claim over that one code, which no refresh proof can stand in for', async () => {
    const { keys, verifies } = await keptKeys(1_800_000_000_999);
    const proof = await keys.provePairing('pairing-code-0123456789');
    const verify = (message: Uint8Array<ArrayBuffer>) => verifies(proof.signature, message);
    expect(await verify(await pairProofMessage('pairing-code-0123456789', proof.iat))).toBe(true);
    expect(await verify(await pairProofMessage('another-code-0123456789', proof.iat))).toBe(false);
    expect(await verify(await refreshProofMessage('pairing-code-0123456789', proof.iat))).toBe(false);
  });

  it('refuses to sign without a kept key (signed out meanwhile), as "sign in again", and makes none', async () => {
    const secrets = freshStore();
    const keys = createInstallationKeys({ secrets });
    const before = (await keys.publicKey()).id;
    await expect(keys.prove('fsr2.t')).rejects.toMatchObject({ name: 'SignedOutError' }); // not kept yet
    await keys.keep();
    await secrets.clearFor('sign-out');
    await expect(keys.prove('fsr2.t')).rejects.toMatchObject({ name: 'SignedOutError' });
    await expect(keys.provePairing('code')).rejects.toMatchObject({ name: 'SignedOutError' });
    expect(await secrets.names()).toEqual([]);
    // The next sign-in makes a new pair, never the forgotten one.
    expect((await keys.publicKey()).id).not.toBe(before);
  });
});
