// The builder's live documents by uuid, to find the earlier copy a later page replaces or a
// removal drops. A Map of a large account's uuids was slow to fill (and kept every uuid string
// alive); this is an open-addressing table of (document number, 32-bit hash of its uuid) pairs, side by
// side so a probe touches one cache line, and the uuid itself is read back from where the segment
// writer keeps it only to confirm a hash match.

import { EMPTY, emptySlots, rehashedSlots } from './hash-slots';

/** A removed entry: lookups go on past it. */
const GONE = -2;

export class UuidTable {
  // Small at first, so that growing is seen (and optimised for) within the first page.
  private mask = (1 << 5) - 1;
  /** At 2 * place the document (or EMPTY, GONE), at 2 * place + 1 its uuid's hash. */
  private table = emptySlots(this.mask);
  /** Filled places, removed ones included (they lengthen probes until the next rehash). */
  private filled = 0;
  private entries = 0;

  /** `isUuidOf(doc, uuid)`: whether document `doc` (one already put) has this uuid. */
  constructor(private readonly isUuidOf: (doc: number, uuid: string) => boolean) {}

  /** Live uuids. */
  get size(): number {
    return this.entries;
  }

  /** Records that `doc` (a new document number) has `uuid`. Returns the document it replaces, or -1. */
  put(uuid: string, doc: number): number {
    const hash = hashOf(uuid);
    const at = this.find(uuid, hash);
    if (at >= 0) {
      const earlier = this.table[2 * at]!;
      this.table[2 * at] = doc;
      return earlier;
    }
    this.table[2 * ~at] = doc;
    this.table[2 * ~at + 1] = hash;
    this.entries++;
    if (++this.filled * 2 > this.mask) this.rehash();
    return -1;
  }

  /** Forgets `uuid`. Returns its document, or -1 when it is not there. */
  delete(uuid: string): number {
    const at = this.find(uuid, hashOf(uuid));
    if (at < 0) return -1;
    const doc = this.table[2 * at]!;
    this.table[2 * at] = GONE;
    this.entries--;
    return doc;
  }

  /** The place holding `uuid`, or ~(the empty place where it would go). */
  private find(uuid: string, hash: number): number {
    const { table, mask } = this;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const doc = table[2 * at]!;
      if (doc === EMPTY) return ~at;
      if (doc !== GONE && table[2 * at + 1] === hash && this.isUuidOf(doc, uuid)) return at;
    }
  }

  /** A table with room for twice the live entries, without removed ones. */
  private rehash(): void {
    let mask = this.mask;
    while (this.entries * 4 > mask) mask = mask * 2 + 1;
    this.mask = mask;
    this.table = rehashedSlots(this.table, mask);
    this.filled = this.entries;
  }
}

/** FNV-1a over the code units, then a final mix so the low bits (the table place) vary well; an
 * int32, as the table stores it. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}
