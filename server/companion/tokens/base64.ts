import { base64url } from 'jose';

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes of base64url text, or undefined for text that is not base64url (a tampered value, never an exception):
 * for MACs and signatures that WebCrypto then checks. Only the canonical spelling is taken: the last character of
 * base64 carries spare bits a decoder ignores, so 'A' and 'B' can end the same bytes; a mark with its spare bits
 * changed is a tampered mark, and a check that let it through would depend on which character a value happens to
 * end with. */
export function decodedOrUndefined(text: string | undefined): Uint8Array<ArrayBuffer> | undefined {
  if (text === undefined || !BASE64URL.test(text)) return undefined;
  try {
    const bytes = new Uint8Array(base64url.decode(text));
    return base64url.encode(bytes) === text ? bytes : undefined;
  } catch {
    return undefined;
  }
}
