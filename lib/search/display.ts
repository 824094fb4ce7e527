// The ORIGINAL text a result row shows (number, status, customer, address), kept in every segment
// so the popup renders rows from the index alone, with no job or company record read. Stored as
// bytes plus offsets: one byte per character for Latin-1 text, and UTF-8 for a field with a
// character above U+00FF (Cyrillic, Polish ł, €), whose slot is listed in `displayUtf8`. Bytes,
// not a string: a 400,000-piece join cost 70-110 ms and one wide character made the whole
// multi-megabyte string two bytes per character; a typed array is written in the same loop that
// folds the searched fields (segment-writer.ts) and structured clone copies it as one block.
import type { SearchDoc, SerializedSegment } from './types';

export const DISPLAY_FIELDS = ['number', 'status', 'customer', 'address'] as const;
export type DisplayField = (typeof DISPLAY_FIELDS)[number];
export const DISPLAY_COUNT = DISPLAY_FIELDS.length;

/** A job's fields as the platform has them (case, accents and punctuation kept). */
export type SearchDisplay = Record<DisplayField, string>;

export type DisplayParts = Pick<SerializedSegment, 'display' | 'displayStarts' | 'displayUtf8'>;

/** One document's display fields in stored form: its bytes (the four fields back to back), where
 * each field ends in them, and which fields (bit f) are UTF-8. */
export interface StoredDisplay {
  bytes: Uint8Array;
  ends: [number, number, number, number];
  utf8: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** One new document's display fields in stored form (an upsert: a few at a time). */
export function storedDisplayOf(doc: SearchDoc): StoredDisplay {
  const texts = [doc.number, doc.status, doc.customer, doc.address];
  const wide = texts.map((text) => /[^\x00-\xff]/.test(text));
  const fields = texts.map((text, f) => (wide[f] ? encoder.encode(text) : Uint8Array.from(text, (c) => c.charCodeAt(0))));
  const bytes = new Uint8Array(fields.reduce((sum, field) => sum + field.length, 0));
  const ends: StoredDisplay['ends'] = [0, 0, 0, 0];
  let pos = 0;
  fields.forEach((field, f) => {
    bytes.set(field, pos);
    pos += field.length;
    ends[f] = pos;
  });
  return { bytes, ends, utf8: wide.reduce((bits, w, f) => (w ? bits | (1 << f) : bits), 0) };
}

/** Display parts of documents already in stored form (merging segments keeps them as they are). */
export function displayFromStored(docs: readonly StoredDisplay[]): DisplayParts {
  let total = 0;
  for (const doc of docs) total += doc.bytes.length;
  const display = new Uint8Array(total);
  const starts = new Uint32Array(docs.length * DISPLAY_COUNT + 1);
  const utf8: number[] = [];
  let pos = 0;
  docs.forEach((doc, d) => {
    display.set(doc.bytes, pos);
    for (let f = 0; f < DISPLAY_COUNT; f++) {
      starts[d * 4 + f] = pos + (f === 0 ? 0 : doc.ends[f - 1]!);
      if (doc.utf8 & (1 << f)) utf8.push(d * 4 + f);
    }
    pos += doc.bytes.length;
  });
  starts[docs.length * DISPLAY_COUNT] = pos;
  return { display, displayStarts: starts, displayUtf8: Uint32Array.from(utf8) };
}

function isUtf8(seg: SerializedSegment, slot: number): boolean {
  const keys = seg.displayUtf8;
  if (keys.length === 0) return false;
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < slot) lo = mid + 1;
    else hi = mid;
  }
  return keys[lo] === slot;
}

/** Document `local`'s display fields in stored form (a view into the segment, not a copy). */
export function storedDisplayAt(seg: SerializedSegment, local: number): StoredDisplay {
  const s = seg.displayStarts;
  const first = s[local * 4]!;
  let utf8 = 0;
  for (let f = 0; f < DISPLAY_COUNT; f++) if (isUtf8(seg, local * 4 + f)) utf8 |= 1 << f;
  return {
    bytes: seg.display.subarray(first, s[local * 4 + 4]!),
    ends: [s[local * 4 + 1]! - first, s[local * 4 + 2]! - first, s[local * 4 + 3]! - first, s[local * 4 + 4]! - first],
    utf8,
  };
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/** Document `local`'s display fields as the original text. */
export function segmentDisplay(seg: SerializedSegment, local: number): SearchDisplay {
  const text = (f: number): string => {
    const slot = local * 4 + f;
    const bytes = seg.display.subarray(seg.displayStarts[slot]!, seg.displayStarts[slot + 1]!);
    return isUtf8(seg, slot) ? decoder.decode(bytes) : latin1(bytes);
  };
  return { number: text(0), status: text(1), customer: text(2), address: text(3) };
}
