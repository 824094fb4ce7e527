// What a delta or merged segment is built from: folded text of every field (each followed by a
// space), where each field starts, UUIDs, ranks and the few offset maps, taken from the live parts
// of existing segments plus a few new documents. (A whole index from new documents is written
// page by page instead: segment-writer.ts.)
import { displayFromStored, storedDisplayAt, type DisplayParts } from './display';
import { prepareDoc, type PreparedDoc } from './prepare';
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

function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
