// What a segment is built from: folded text of every field (each followed by a space), where
// each field starts, UUIDs, ranks and the few offset maps. Made in bulk from new documents (one
// join, one lower-casing and one replace over the whole text, not 400,000 small ones), or from the
// live parts of existing segments when they are merged.
import { displayFromJoined, displayFromStored, storedDisplayAt, type DisplayParts } from './display';
import { foldText, foldUnit } from './normalize';
import { prepareDoc, rankOf, type PreparedDoc } from './prepare';
import { FIELD_COUNT } from './scores';
import { offsetMap, segmentUuid } from './segment-read';
import type { SearchDoc, SerializedSegment } from './types';

export interface SegmentInput {
  uuids: string[];
  ranks: Uint32Array;
  text: string;
  /** `text` as bytes (it is Latin-1): scanning a Uint8Array is faster than charCodeAt. */
  bytes: Uint8Array;
  fieldStarts: Uint32Array;
  /** Offset maps by field slot (d * 4 + f), for the fields that need one. */
  maps: Map<number, Uint32Array>;
  /** The original fields a result row shows. */
  display: DisplayParts;
}


export function inputFromDocs(docs: readonly SearchDoc[]): SegmentInput {
  const count = docs.length;
  const raw: string[] = new Array(count * FIELD_COUNT);
  const ranks = new Uint32Array(count);
  const uuids: string[] = new Array(count);
  const statuses: string[] = new Array(count);
  for (let d = 0; d < count; d++) {
    const doc = docs[d]!;
    uuids[d] = doc.uuid;
    statuses[d] = doc.status;
    ranks[d] = rankOf(doc.status, doc.date);
    raw[d * FIELD_COUNT] = doc.number;
    raw[d * FIELD_COUNT + 1] = doc.customer;
    raw[d * FIELD_COUNT + 2] = doc.address;
    raw[d * FIELD_COUNT + 3] = doc.description;
  }
  const rawStarts = new Uint32Array(count * FIELD_COUNT + 1);
  for (let slot = 0, pos = 0; slot < raw.length; slot++) {
    rawStarts[slot] = pos;
    pos += raw[slot]!.length + 1;
    rawStarts[slot + 1] = pos;
  }
  const all = raw.join(' ') + (raw.length > 0 ? ' ' : '');
  const folded = foldBulk(all, rawStarts);
  const display = displayFromJoined(all, rawStarts, statuses);
  if (folded.complex.length === 0) return { uuids, ranks, text: folded.text, bytes: folded.bytes, fieldStarts: rawStarts, maps: new Map(), display };
  // The few fields whose folding changes their length are folded again one by one, with maps.
  const fieldStarts = new Uint32Array(rawStarts.length);
  const maps = new Map<number, Uint32Array>();
  const parts: string[] = [];
  let pos = 0;
  let runStart = 0;
  for (const slot of folded.complex) {
    for (let s = runStart; s < slot; s++) fieldStarts[s] = pos + rawStarts[s]! - rawStarts[runStart]!;
    parts.push(folded.text.slice(rawStarts[runStart], rawStarts[slot]));
    pos += rawStarts[slot]! - rawStarts[runStart]!;
    const field = foldText(raw[slot]!);
    fieldStarts[slot] = pos;
    parts.push(field.text, ' ');
    pos += field.text.length + 1;
    if (field.map) maps.set(slot, field.map);
    runStart = slot + 1;
  }
  for (let s = runStart; s <= raw.length; s++) fieldStarts[s] = pos + rawStarts[s]! - rawStarts[runStart]!;
  parts.push(folded.text.slice(rawStarts[runStart]));
  const text = parts.join('');
  return { uuids, ranks, text, bytes: latin1Bytes(text), fieldStarts, maps, display };
}

const decoder = new TextDecoder();

/** Folds all fields in one pass over bytes (a regex replace over 11 MB took 0.4-0.7 s of CPU,
 * this a few tens of ms). Characters that fold to one ASCII character (é → e) are done here too;
 * the slots of fields with anything else (ß, combining accents, non-Latin letters) are returned. */
function foldBulk(all: string, starts: Uint32Array): { text: string; bytes: Uint8Array; complex: number[] } {
  const bytes = new Uint8Array(all.length);
  const complex: number[] = [];
  for (let i = 0; i < all.length; i++) {
    let c = all.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    else if (c >= 0x80) {
      const f = foldUnit(c);
      if (f.length === 1 && f.charCodeAt(0) < 0x80) c = f.charCodeAt(0);
      else {
        const slot = slotAt(starts, i);
        if (complex[complex.length - 1] !== slot) complex.push(slot);
        c = 32;
      }
    } else if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) c = 32;
    bytes[i] = c;
  }
  return { text: decoder.decode(bytes), bytes, complex };
}

function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The field slot containing offset `at`. */
function slotAt(starts: Uint32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The live documents of existing segments, then `extra` documents, as one input. */
export function inputFromParts(parts: readonly { seg: SerializedSegment; live: (local: number) => boolean }[], extra: readonly SearchDoc[]): SegmentInput {
  const prepared: PreparedDoc[] = [];
  for (const { seg, live } of parts) {
    for (let local = 0; local < seg.count; local++) if (live(local)) prepared.push(preparedFromSegment(seg, local));
  }
  for (const doc of extra) prepared.push(prepareDoc(doc));
  return inputFromPrepared(prepared);
}

function preparedFromSegment(seg: SerializedSegment, local: number): PreparedDoc {
  const slot = local * FIELD_COUNT;
  const field = (f: number): string => seg.text.slice(seg.fieldStarts[slot + f]!, seg.fieldStarts[slot + f + 1]! - 1);
  const map = (f: number): Uint32Array | null => (seg.mapKeys.length === 0 ? null : offsetMap(seg, slot + f));
  return {
    uuid: segmentUuid(seg, local),
    fields: [field(0), field(1), field(2), field(3)],
    maps: [map(0), map(1), map(2), map(3)],
    rank: seg.ranks[local]!,
    display: storedDisplayAt(seg, local),
  };
}

export function inputFromPrepared(docs: readonly PreparedDoc[]): SegmentInput {
  const fieldStarts = new Uint32Array(docs.length * FIELD_COUNT + 1);
  const ranks = new Uint32Array(docs.length);
  const maps = new Map<number, Uint32Array>();
  const parts: string[] = [];
  let pos = 0;
  docs.forEach((doc, d) => {
    ranks[d] = doc.rank;
    for (let f = 0; f < FIELD_COUNT; f++) {
      fieldStarts[d * FIELD_COUNT + f] = pos;
      parts.push(doc.fields[f]!);
      pos += doc.fields[f]!.length + 1;
      const map = doc.maps[f];
      if (map) maps.set(d * FIELD_COUNT + f, map);
    }
  });
  fieldStarts[docs.length * FIELD_COUNT] = pos;
  const text = parts.join(' ') + (parts.length > 0 ? ' ' : '');
  const display = displayFromStored(docs.map((doc) => doc.display));
  return { uuids: docs.map((doc) => doc.uuid), ranks, text, bytes: latin1Bytes(text), fieldStarts, maps, display };
}
