// The original text a result row shows (number, status, customer, address, the description's first line), kept in
// every segment so the popup renders rows from the index alone, and the job's day, from its rank.
// Bytes plus offsets (Latin-1, or UTF-8 for a field listed in `displayUtf8`) rather than strings: written in the loop
// that folds the searched fields, and copied by structured clone as one block. Each distinct text is stored once
// (a piece, types.ts) and a canonical job number as a value (number-column.ts).
import { NO_NUMBER } from './number-column';
import { displayPiece, numberValue } from './segment-read';
import { sortedIndexOf } from './sorted-index';
import type { SerializedSegment } from './types';

export const DISPLAY_FIELDS = ['number', 'status', 'customer', 'address'] as const;
export type DisplayField = (typeof DISPLAY_FIELDS)[number];

/** A job's fields as the platform has them (case, accents and punctuation kept), the first line of
 * its description (a prefix of it, so a match's ranges in the description hold for it), and its day
 * (`YYYY-MM-DD`: its next visit, else its date; '' when it has none). */
export type SearchDisplay = Record<DisplayField, string> & { line: string; day: string };

const decoder = new TextDecoder();

/** Whether display piece p is stored as UTF-8 (else one byte per character). */
export function isUtf8Piece(seg: Pick<SerializedSegment, 'displayUtf8'>, piece: number): boolean {
  return seg.displayUtf8.length > 0 && sortedIndexOf(seg.displayUtf8, piece) >= 0;
}

/** Latin-1 bytes as a string. In chunks through `apply`: spreading a subarray into arguments
 * iterates it, which measured slower per keystroke's result rows in Chromium. */
function latin1(bytes: Uint8Array): string {
  if (bytes.length <= 8192) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192)
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  return out;
}

/** The original text of display piece p. */
export function pieceDisplay(seg: SerializedSegment, piece: number): string {
  const bytes = seg.display.subarray(seg.displayStarts[piece]!, seg.displayStarts[piece + 1]!);
  return isUtf8Piece(seg, piece) ? decoder.decode(bytes) : latin1(bytes);
}

/** Document `local`'s display fields as the original text. */
export function segmentDisplay(seg: SerializedSegment, local: number): SearchDisplay {
  const text = (f: number): string => pieceDisplay(seg, displayPiece(seg, local, f));
  const value = numberValue(seg, local);
  return {
    number: value === NO_NUMBER ? text(0) : String(value),
    status: text(1),
    customer: text(2),
    address: text(3),
    line: pieceDisplay(seg, seg.docPieces[local * 4 + 2]!),
    day: dayText(seg.ranks[local]! & DAY_BITS),
  };
}

/** The rank's date bits (prepare.ts: the open bit is above them). */
const DAY_BITS = 0x8000000 - 1;

/** `YYYY-MM-DD` of a yyyymmdd number, '' for none. */
function dayText(day: number): string {
  if (day === 0) return '';
  const digits = String(day).padStart(8, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}
