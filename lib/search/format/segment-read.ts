// Reading a segment's per-document parts back out: the one place that knows how a document's
// fields map to the stored pieces (types.ts SerializedSegment). Everything that reads a field's
// text or display bytes asks here, with plain numbers in and out (no pair or object per call: the
// query path calls these per candidate).
import { NO_NUMBER } from './number-column';
import type { SerializedSegment } from './types';
import { sortedIndexOf } from './sorted-index';
import { uuidAt } from './uuid-column';

type Pieces = Pick<SerializedSegment, 'docPieces' | 'numberValues' | 'oddNumberDocs'>;
type Numbers = Pick<SerializedSegment, 'count' | 'numberValues' | 'numberOrder' | 'oddNumberDocs'>;

/** Document `local`'s job number when it is a canonical decimal (number-column.ts), else
 * NO_NUMBER: its number is then a piece (numberPiece). */
export function numberValue(seg: Pick<SerializedSegment, 'numberValues'>, local: number): number {
  return seg.numberValues[local]!;
}

/** The piece of document `local`'s job number, or -1 when the number is a value (numberValue). */
export function numberPiece(seg: Pick<SerializedSegment, 'numberValues' | 'oddNumberDocs'>, local: number): number {
  return seg.numberValues[local] === NO_NUMBER ? sortedIndexOf(seg.oddNumberDocs, local) : -1;
}

/** How many documents have their number as a value: positions 0 .. this - 1 of the number order. */
export function numberedDocs(seg: Numbers): number {
  return seg.count - seg.oddNumberDocs.length;
}

/** The document at position p of the number order (ascending numbers; an empty numberOrder
 * means document order is that order already). */
export function numberDocAt(seg: Numbers, p: number): number {
  return seg.numberOrder.length === 0 ? p : seg.numberOrder[p]!;
}

/** The number at position p of the number order. */
export function numberAt(seg: Numbers, p: number): number {
  return seg.numberValues[seg.numberOrder.length === 0 ? p : seg.numberOrder[p]!]!;
}

/** The text piece of searched field f (0 number, 1 customer, 2 address, 3 description) of
 * document `local`; -1 for a number that is a value (it has no piece). */
export function textPiece(seg: Pieces, local: number, f: number): number {
  return f === 0 ? numberPiece(seg, local) : seg.docPieces[local * 4 + f - 1]!;
}

/** The piece of display field f (0 number, 1 status, 2 customer, 3 address) of document
 * `local`; -1 for a number that is a value. */
export function displayPiece(seg: Pieces, local: number, f: number): number {
  return f === 0 ? numberPiece(seg, local) : seg.docPieces[local * 4 + ((f + 2) & 3)]!;
}

/** Where piece p's folded text starts in `text`. */
export function pieceStart(seg: Pick<SerializedSegment, 'pieceStarts'>, piece: number): number {
  return seg.pieceStarts[piece]!;
}

/** Where piece p's folded text ends in `text` (before the space that follows it). */
export function pieceEnd(seg: Pick<SerializedSegment, 'pieceStarts'>, piece: number): number {
  return seg.pieceStarts[piece + 1]! - 1;
}

/** The offset map of piece p, or null when folded and original offsets agree. */
export function offsetMap(
  seg: Pick<SerializedSegment, 'mapKeys' | 'mapStarts' | 'mapOffsets'>,
  piece: number,
): Uint32Array | null {
  if (seg.mapKeys.length === 0) return null;
  const at = sortedIndexOf(seg.mapKeys, piece);
  return at < 0 ? null : seg.mapOffsets.subarray(seg.mapStarts[at]!, seg.mapStarts[at + 1]!);
}

export function segmentUuid(seg: SerializedSegment, local: number): string {
  return uuidAt(seg, local);
}
