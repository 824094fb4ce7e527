// Every key the companion derives from SIGNING_SECRET, one HKDF (SHA-256) per purpose with its own label, so no
// key is ever the key of another purpose (signing states, sealing refresh tokens, sealing the account's tokens,
// signing pairing codes). Web Crypto only, for Node and the edge alike; each derivation is made once per secret.

const encoder = new TextEncoder();
const cache = new Map<string, Promise<CryptoKey>>();

export type DerivedKeyUse =
  { name: 'AES-GCM'; usages: ['encrypt', 'decrypt'] } | { name: 'HMAC'; usages: ['sign'] | ['sign', 'verify'] };

export function derivedKey(secret: string, label: string, use: DerivedKeyUse): Promise<CryptoKey> {
  const id = `${label}\u0000${use.name}\u0000${use.usages.join(',')}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
      const algorithm =
        use.name === 'AES-GCM' ? { name: 'AES-GCM', length: 256 } : { name: 'HMAC', hash: 'SHA-256', length: 256 };
      return crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(label) },
        base,
        algorithm,
        false,
        use.usages,
      );
    })();
    cache.set(id, key);
  }
  return key;
}
