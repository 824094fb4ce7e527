// Puts a segment's columns in their stored order (types.ts SerializedSegment): the job numbers
// that are values, ordered (number-column.ts); then as pieces the other job numbers, the distinct shown texts (statuses, customers, addresses), then the distinct
// descriptions (shown as their first line), as one text and one display column, with documents pointing at pieces. Both ways
// of writing a segment (segment-writer.ts page by page, segment-input.ts for deltas and merges)
// end here, so the layout is decided in one place (and read in one: segment-read.ts).
import { latin1String } from '../format/bytes';
import type { Inverted } from './inverter';
import { numberOrder } from '../format/number-column';
import type { PieceTable } from './piece-table';
import type { SerializedSegment } from '../format/types';
import type { UuidParts } from '../format/uuid-column';

export interface SegmentColumns {
  count: number;
  uuids: UuidParts;
  ranks: Uint32Array;
  /** Per document its job number as a value, or NO_NUMBER (number-column.ts). */
  numberValues: Uint32Array;
  /** The documents whose number is not a value, ascending: the "odd" numbers, kept as pieces. */
  oddNumberDocs: Uint32Array;
  /** Folded odd number of each such document (by its place in oddNumberDocs), each followed by a
   * space, back to back (the buffer may be longer), and where each ends; their offset maps. */
  numbers: Uint8Array;
  numberEnds: Uint32Array;
  numberMaps: ReadonlyMap<number, Uint32Array>;
  /** Original of each odd number, and where each ends; those that are UTF-8 (ascending). */
  numberShown: Uint8Array;
  numberShownEnds: Uint32Array;
  numberUtf8: readonly number[];
  shown: PieceTable;
  descriptions: PieceTable;
  /** Per document `d * 4 + k`: ids of its customer, address (in `shown`), description (in
   * `descriptions`) and status (in `shown`). Rewritten in place into piece numbers. */
  docIds: Uint32Array;
  inverted: Inverted;
}

export function layOutSegment(c: SegmentColumns): SerializedSegment {
  const { count, shown, descriptions } = c;
  const odd = c.oddNumberDocs.length;
  const shownBase = odd;
  const descriptionBase = odd + shown.size;
  const ids = c.docIds;
  for (let i = 0; i < ids.length; i += 4) {
    ids[i] = ids[i]! + shownBase;
    ids[i + 1] = ids[i + 1]! + shownBase;
    ids[i + 2] = ids[i + 2]! + descriptionBase;
    ids[i + 3] = ids[i + 3]! + shownBase;
  }
  const shownText = shown.foldedColumn();
  const descriptionText = descriptions.foldedColumn();
  const textColumn = concatenate([{ bytes: c.numbers, ends: c.numberEnds }, shownText, descriptionText]);
  const displayColumn = concatenate([
    { bytes: c.numberShown, ends: c.numberShownEnds },
    shown.shownColumn(),
    descriptions.shownColumn(),
  ]);
  const maps: Array<[number, Uint32Array]> = [];
  for (const [piece, map] of sorted(c.numberMaps)) maps.push([piece, map]);
  for (const [id, map] of sorted(shown.maps)) maps.push([shownBase + id, map]);
  for (const [id, map] of sorted(descriptions.maps)) maps.push([descriptionBase + id, map]);
  const displayUtf8 = Uint32Array.from([
    ...c.numberUtf8,
    ...shown.utf8.map((id) => shownBase + id),
    ...descriptions.utf8.map((id) => descriptionBase + id),
  ]).sort();
  return {
    count,
    ...c.uuids,
    numberValues: c.numberValues,
    numberOrder: numberOrder(c.numberValues, odd),
    oddNumberDocs: c.oddNumberDocs,
    text: latin1String(textColumn.bytes),
    pieceStarts: textColumn.starts,
    docPieces: ids,
    ranks: c.ranks,
    ...c.inverted,
    ...mapColumns(maps),
    display: displayColumn.bytes,
    displayStarts: displayColumn.starts,
    displayUtf8,
  };
}

function sorted(maps: ReadonlyMap<number, Uint32Array>): Array<[number, Uint32Array]> {
  return [...maps].sort((a, b) => a[0] - b[0]);
}

/** Columns of pieces (bytes, where each piece ends) back to back: the bytes, and where each piece
 * starts plus the end. */
function concatenate(columns: ReadonlyArray<{ bytes: Uint8Array; ends: Uint32Array }>): {
  bytes: Uint8Array;
  starts: Uint32Array;
} {
  let pieces = 0;
  let length = 0;
  for (const { ends } of columns) {
    pieces += ends.length;
    length += ends.length > 0 ? ends[ends.length - 1]! : 0;
  }
  const bytes = new Uint8Array(length);
  const starts = new Uint32Array(pieces + 1);
  let at = 0;
  let piece = 0;
  for (const column of columns) {
    const size = column.ends.length > 0 ? column.ends[column.ends.length - 1]! : 0;
    bytes.set(column.bytes.subarray(0, size), at);
    piece = shiftedStarts(column.ends, at, starts, piece);
    at += size;
  }
  starts[pieces] = at;
  return { bytes, starts };
}

/** Writes the starts of a column's pieces (`base` plus the previous piece's end) from `piece` on;
 * returns the next piece. */
function shiftedStarts(ends: Uint32Array, base: number, starts: Uint32Array, piece: number): number {
  let previous = 0;
  for (let i = 0; i < ends.length; i++) {
    starts[piece++] = base + previous;
    previous = ends[i]!;
  }
  return piece;
}

/** The offset maps (by piece, ascending) as the segment stores them. */
function mapColumns(
  maps: ReadonlyArray<[number, Uint32Array]>,
): Pick<SerializedSegment, 'mapKeys' | 'mapStarts' | 'mapOffsets'> {
  const mapKeys = Uint32Array.from(maps, ([key]) => key);
  const mapStarts = new Uint32Array(maps.length + 1);
  maps.forEach(([, map], i) => (mapStarts[i + 1] = mapStarts[i]! + map.length));
  const mapOffsets = new Uint32Array(mapStarts[maps.length]!);
  maps.forEach(([, map], i) => mapOffsets.set(map, mapStarts[i]!));
  return { mapKeys, mapStarts, mapOffsets };
}
