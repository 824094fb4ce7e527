import { base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { decodedOrUndefined } from './base64';

describe('decodedOrUndefined', () => {
  const bytes = new Uint8Array(32).map((_, index) => (index * 37 + 11) % 256);
  const text = base64url.encode(bytes);

  it('reads the canonical spelling of a 32-byte mark', () => {
    expect(text).toHaveLength(43);
    expect(decodedOrUndefined(text)).toEqual(bytes);
  });

  it('refuses the other spellings of the same bytes: a last character whose spare bits changed', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const others = [...alphabet].filter((last) => last !== text.at(-1)).map((last) => text.slice(0, -1) + last);
    const sameBytes = others.filter((other) => {
      try {
        return base64url.encode(base64url.decode(other)) === text;
      } catch {
        return false;
      }
    });
    expect(sameBytes).toHaveLength(3); // four spellings decode alike: two spare bits
    expect(sameBytes.map(decodedOrUndefined)).toEqual([undefined, undefined, undefined]);
    // Of all 64 last characters, 16 are read (the last one carries four bits of the mark): one per value.
    const read = [...alphabet]
      .map((last) => decodedOrUndefined(text.slice(0, -1) + last))
      .filter((r) => r !== undefined);
    expect(read).toHaveLength(16);
    expect(new Set(read.map((r) => r[31])).size).toBe(16);
  });

  it('refuses text outside the alphabet, padding and nothing at all', () => {
    expect(decodedOrUndefined(undefined)).toBeUndefined();
    expect(decodedOrUndefined(`${text}=`)).toBeUndefined();
    expect(decodedOrUndefined(text.replace(/^./, '+'))).toBeUndefined();
  });
});
