// Small helpers for the builder's typed arrays: growing them, and turning Latin-1 bytes into a
// one-byte string and back.

/** `array` if it has room for `need` elements, else a copy at least twice as long (amortised
 * growth: a page at a time adds a few thousand elements). */
export function withRoom<T extends Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Int32Array<ArrayBuffer>>(
  array: T,
  need: number,
): T {
  if (need <= array.length) return array;
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(need, array.length * 2));
  bigger.set(array);
  return bigger;
}

/** The bytes whose values are the character codes of `text` (Latin-1: every code below 256). */
export function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const ascii = new TextDecoder();

/** The string whose character codes are `bytes` (Latin-1). TextDecoder's "latin1" is really
 * windows-1252 (0x80-0x9F become other characters), so only ASCII goes through a decoder (native,
 * fast); bytes of 0x80 and up, rare (non-Latin letters), take String.fromCharCode in chunks. */
export function latin1String(bytes: Uint8Array): string {
  if (isAscii(bytes)) return ascii.decode(bytes);
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) chunks.push(String.fromCharCode(...bytes.subarray(i, i + 8192)));
  return chunks.join('');
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}
