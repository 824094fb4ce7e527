// The live index: two immutable segments (the big main one and a small delta of recent changes)
// plus which documents are still alive, and per-index caches that are never serialized.
import { segmentDisplay, type SearchDisplay } from './display';
import { segmentUuid } from './segment-read';
import type { SerializedSegment } from './types';

export interface SearchIndex {
  /** Segments and tombstones; replaced (never mutated) except `alive`. */
  main: SerializedSegment;
  delta: SerializedSegment | null;
  alive: Uint8Array;
  /** Bumped by every change, so typeaheads know their kept candidates are stale. */
  generation: number;
  /** Runtime caches, rebuilt on demand. */
  runtime: {
    scratch: Scratch | null;
  };
}

/** Reusable per-document work arrays; stamps avoid clearing them between queries. */
export interface Scratch {
  seen: Uint32Array;
  seenStamp: number;
  member: Uint32Array;
  memberStamp: number;
  termScore: Uint8Array;
  list: Uint32Array;
}

export function createIndexState(
  main: SerializedSegment,
  delta: SerializedSegment | null,
  alive: Uint8Array,
): SearchIndex {
  return { main, delta, alive, generation: 0, runtime: { scratch: null } };
}

export function totalDocs(index: SearchIndex): number {
  return index.main.count + (index.delta?.count ?? 0);
}

/** The segment holding global document `doc`, and the document's number inside it. */
export function locate(index: SearchIndex, doc: number): [SerializedSegment, number] {
  const mainCount = index.main.count;
  return doc < mainCount ? [index.main, doc] : [index.delta!, doc - mainCount];
}

export function uuidOf(index: SearchIndex, doc: number): string {
  const [seg, local] = locate(index, doc);
  return segmentUuid(seg, local);
}

/** The original number, status, customer and address of global document `doc`. */
export function displayOfDoc(index: SearchIndex, doc: number): SearchDisplay {
  const [seg, local] = locate(index, doc);
  return segmentDisplay(seg, local);
}

export function rankOfDoc(index: SearchIndex, doc: number): number {
  const [seg, local] = locate(index, doc);
  return seg.ranks[local]!;
}

export function scratch(index: SearchIndex): Scratch {
  const total = totalDocs(index);
  let s = index.runtime.scratch;
  if (s === null || s.seen.length !== total) {
    s = {
      seen: new Uint32Array(total),
      seenStamp: 0,
      member: new Uint32Array(total),
      memberStamp: 0,
      termScore: new Uint8Array(total),
      list: new Uint32Array(total),
    };
    index.runtime.scratch = s;
  }
  return s;
}

/** A fresh stamp for `seen`; clears the array when the counter would wrap. */
export function nextSeenStamp(s: Scratch): number {
  if (s.seenStamp >= 0xfffffff0) {
    s.seen.fill(0);
    s.seenStamp = 0;
  }
  return ++s.seenStamp;
}

export function nextMemberStamp(s: Scratch): number {
  if (s.memberStamp >= 0xfffffff0) {
    s.member.fill(0);
    s.memberStamp = 0;
  }
  return ++s.memberStamp;
}
