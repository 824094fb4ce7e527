// The hashes the builder's tables find a text by: a piece by its original (a string) or its folded bytes
// (piece-table.ts), a document by its uuid (uuid-column.ts).

/** FNV-1a over the code units (or bytes: a Latin-1 string and its bytes hash alike), then a final
 * mix so the low bits (the table place) vary well. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return mix(hash);
}

export function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return mix(hash);
}

/** The final mix of every hash here. */
export function mix(hash: number): number {
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}
