// The open-addressing tables of the builder (inverter.ts words, piece-table.ts texts,
// uuid-table.ts documents) share one layout: at 2 * place an id (EMPTY when free, or another
// negative marker), at 2 * place + 1 the hash it was placed by, so a probe reads one cache line;
// linear probing over a power-of-two number of places (`mask + 1`).

/** A free place. */
export const EMPTY = -1;

/** A table of `mask + 1` free places. */
export function emptySlots(mask: number): Int32Array {
  return new Int32Array(2 * (mask + 1)).fill(EMPTY);
}

/** A new table of `mask + 1` places holding every entry of `old` with an id of 0 or more (free
 * places and negative markers are left behind). */
export function rehashedSlots(old: Int32Array, mask: number): Int32Array {
  const table = emptySlots(mask);
  for (let place = 0; place < old.length; place += 2) {
    const id = old[place]!;
    if (id < 0) continue;
    const hash = old[place + 1]!;
    let at = hash & mask;
    while (table[2 * at] !== EMPTY) at = (at + 1) & mask;
    table[2 * at] = id;
    table[2 * at + 1] = hash;
  }
  return table;
}
