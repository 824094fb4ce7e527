// The page-by-page writer's statuses: a handful of strings repeated on every job, so the last few
// met are kept with their piece id and the part of a rank they give, and found by comparing the
// strings (native, a few characters) instead of hashing each job's status, probing the piece
// table, comparing the stored bytes and probing the rank's map. Past KEPT distinct statuses (an
// account with many custom ones) the rest go the general way, with the same results.
import type { PieceTable } from './piece-table';
import { openBitOf } from './prepare';
import { shownPieceOf } from './shown-piece';

const KEPT = 16;

export class StatusPieces {
  private readonly texts: string[] = [];
  /** Per place of a kept status: its piece id, and its openBitOf. */
  readonly ids = new Int32Array(KEPT);
  readonly openBits = new Int32Array(KEPT);

  constructor(private readonly table: PieceTable) {}

  /** The place of `status` among the kept ones (added, as a piece too, when first met), or -1:
   * then ask shownPieceOf and openBitOf. */
  placeOf(status: string): number {
    const texts = this.texts;
    for (let place = 0; place < texts.length; place++) if (texts[place] === status) return place;
    if (texts.length === KEPT) return -1;
    this.ids[texts.length] = shownPieceOf(this.table, status);
    this.openBits[texts.length] = openBitOf(status);
    return texts.push(status) - 1;
  }
}
