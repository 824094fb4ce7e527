// The builder's live documents by uuid, to find the earlier copy a later page replaces or a
// removal drops. A Map of a large account's uuids was slow to fill (and kept every uuid string
// alive); this is an open-addressing table of (document number, 32-bit hash of its uuid) pairs, side by
// side so a probe touches one cache line. The hash and the check of a hash match both work on the 16
// bytes the segment writer's uuid column keeps (uuid-column.ts): a document's uuid string is read
// once, by the column, not again here.

import { EMPTY, emptySlots, rehashedSlots } from './hash-slots';
import type { UuidColumn } from '../format/uuid-column';

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

  /** `uuids`: the column every document put here was added to first. */
  constructor(private readonly uuids: Pick<UuidColumn, 'hashAt' | 'hashOf' | 'same' | 'has'>) {}

  /** Live uuids. */
  get size(): number {
    return this.entries;
  }

  /** Records `doc` (a new document number, its uuid already in the column). Returns the document
   * it replaces, or -1. */
  put(doc: number): number {
    const hash = this.uuids.hashAt(doc);
    const at = this.findDoc(doc, hash);
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
    const at = this.findUuid(uuid, this.uuids.hashOf(uuid));
    if (at < 0) return -1;
    const doc = this.table[2 * at]!;
    this.table[2 * at] = GONE;
    this.entries--;
    return doc;
  }

  /** The place holding `uuid`, or ~(the empty place where it would go). */
  private findUuid(uuid: string, hash: number): number {
    const { table, mask } = this;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const doc = table[2 * at]!;
      if (doc === EMPTY) return ~at;
      if (doc !== GONE && table[2 * at + 1] === hash && this.uuids.has(doc, uuid)) return at;
    }
  }

  /** The place holding document `doc`'s uuid (as another document's), or ~(the empty place where it would go). */
  private findDoc(doc: number, hash: number): number {
    const { table, mask } = this;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const other = table[2 * at]!;
      if (other === EMPTY) return ~at;
      if (other !== GONE && table[2 * at + 1] === hash && this.uuids.same(other, doc)) return at;
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
