// The ORIGINAL text a result row shows (number, status, customer, address, the first line of the
// description), kept in every segment so the popup renders rows from the index alone, with no job
// or company record read; and the job's day, from its rank. Stored as
// bytes plus offsets: one byte per character for Latin-1 text, and UTF-8 for a field with a
// character above U+00FF (Cyrillic, Polish ł, €), whose slot is listed in `displayUtf8`. Bytes,
// not a string: joining every piece into one string was slow, and one wide character made the whole
// string two bytes per character; a typed array is written in the same loop that
// folds the searched fields (segment-writer.ts) and structured clone copies it as one block. Each
// distinct status, customer and address is stored once (a piece, see types.ts), and a canonical
// job number is a value (number-column.ts: its original is its decimal digits), so the bytes are
// the distinct names and addresses, plus the odd job numbers.
import { NO_NUMBER } from './number-column';
import { displayPiece, numberValue, sortedIndexOf } from './segment-read';
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
