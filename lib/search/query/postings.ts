// Walking posting lists (ascending document numbers as varint gaps, see types.ts) into the search
// scratch arrays. Each function has one loop, never nested ones, and the varint is decoded without
// a loop: Chromium's Maglev compiles a long-running inner loop on its own (on-stack replacement)
// and deoptimizes every time that loop exits, so walking a word range with nested loops
// deoptimized once per word, thousands of times for a one-digit query on a cold popup.
import type { Scratch } from '../format/index-state';
import { FIELD_COUNT } from '../format/scores';
import { numberDocAt } from '../format/segment-read';
import type { SerializedSegment } from '../format/types';

/** Adds every live document of words [lo, hi) in `field` not yet seen to `s.list` (from
 * `count`), recording `score` as its term score; returns the new count. */
export function collectWords(
  seg: SerializedSegment,
  base: number,
  lo: number,
  hi: number,
  field: number,
  score: number,
  alive: Uint8Array,
  s: Scratch,
  stamp: number,
  count: number,
): number {
  const starts = seg.postingStarts;
  for (let w = lo; w < hi; w++) {
    const bucket = w * FIELD_COUNT + field;
    const start = starts[bucket]!;
    const end = starts[bucket + 1]!;
    if (start < end) count = collectPostings(seg.postings, start, end, base, score, alive, s, stamp, count);
  }
  return count;
}

function collectPostings(
  postings: Uint8Array,
  p: number,
  end: number,
  base: number,
  score: number,
  alive: Uint8Array,
  s: Scratch,
  stamp: number,
  count: number,
): number {
  const { seen, termScore, list } = s;
  let doc = base - 1;
  while (p < end) {
    let byte = postings[p++]!;
    let gap = byte & 0x7f;
    if (byte >= 0x80) {
      byte = postings[p++]!;
      gap |= (byte & 0x7f) << 7;
      if (byte >= 0x80) {
        byte = postings[p++]!;
        gap |= (byte & 0x7f) << 14;
        if (byte >= 0x80) {
          byte = postings[p++]!;
          gap |= (byte & 0x7f) << 21;
          if (byte >= 0x80) gap |= (postings[p++]! & 0x7f) << 28;
        }
      }
    }
    doc += gap;
    if (seen[doc] === stamp || alive[doc] === 0) continue;
    seen[doc] = stamp;
    termScore[doc] = score;
    list[count++] = doc;
  }
  return count;
}

/** Records `score` for the members (`s.member[doc] === memberStamp`) that words [lo, hi) have
 * in `field`, unless seen already (a better tier came first). */
export function markWords(
  seg: SerializedSegment,
  base: number,
  lo: number,
  hi: number,
  field: number,
  score: number,
  s: Scratch,
  stamp: number,
  memberStamp: number,
): void {
  const starts = seg.postingStarts;
  for (let w = lo; w < hi; w++) {
    const bucket = w * FIELD_COUNT + field;
    const start = starts[bucket]!;
    const end = starts[bucket + 1]!;
    if (start < end) markPostings(seg.postings, start, end, base, score, s, stamp, memberStamp);
  }
}

function markPostings(
  postings: Uint8Array,
  p: number,
  end: number,
  base: number,
  score: number,
  s: Scratch,
  stamp: number,
  memberStamp: number,
): void {
  const { seen, termScore, member } = s;
  let doc = base - 1;
  while (p < end) {
    let byte = postings[p++]!;
    let gap = byte & 0x7f;
    if (byte >= 0x80) {
      byte = postings[p++]!;
      gap |= (byte & 0x7f) << 7;
      if (byte >= 0x80) {
        byte = postings[p++]!;
        gap |= (byte & 0x7f) << 14;
        if (byte >= 0x80) {
          byte = postings[p++]!;
          gap |= (byte & 0x7f) << 21;
          if (byte >= 0x80) gap |= (postings[p++]! & 0x7f) << 28;
        }
      }
    }
    doc += gap;
    if (member[doc] !== memberStamp || seen[doc] === stamp) continue;
    seen[doc] = stamp;
    termScore[doc] = score;
  }
}

/** collectWords for the job numbers stored as values: positions [from, to) of the number order
 * (number-lookup.ts) instead of posting lists. */
export function collectNumbers(
  seg: SerializedSegment,
  base: number,
  from: number,
  to: number,
  score: number,
  alive: Uint8Array,
  s: Scratch,
  stamp: number,
  count: number,
): number {
  const { seen, termScore, list } = s;
  for (let p = from; p < to; p++) {
    const doc = base + numberDocAt(seg, p);
    if (seen[doc] === stamp || alive[doc] === 0) continue;
    seen[doc] = stamp;
    termScore[doc] = score;
    list[count++] = doc;
  }
  return count;
}

/** markWords for the job numbers stored as values (positions [from, to) of the number order). */
export function markNumbers(
  seg: SerializedSegment,
  base: number,
  from: number,
  to: number,
  score: number,
  s: Scratch,
  stamp: number,
  memberStamp: number,
): void {
  const { seen, termScore, member } = s;
  for (let p = from; p < to; p++) {
    const doc = base + numberDocAt(seg, p);
    if (member[doc] !== memberStamp || seen[doc] === stamp) continue;
    seen[doc] = stamp;
    termScore[doc] = score;
  }
}
