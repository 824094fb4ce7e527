import { base64url } from 'jose';

/** The bytes of base64url text, or undefined for text that is not base64url (a tampered value, never an exception):
 * for MACs and signatures that WebCrypto then checks. */
export function decodedOrUndefined(text: string | undefined): Uint8Array<ArrayBuffer> | undefined {
  if (text === undefined || !/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    return new Uint8Array(base64url.decode(text));
  } catch {
    return undefined;
  }
}
