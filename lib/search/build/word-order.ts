// Sorting the vocabulary by its bytes, as JavaScript sorts strings (by code unit; a word before its extensions): a
// most-significant-byte radix sort over the ids (a counting pass on the first two bytes, then per byte within each
// bucket, short runs by insertion). It runs cold, once per build: small functions with one loop each (V8 throws
// optimised code away on reaching code that had not run yet), small buckets first, so the code is optimised before
// it meets the big ones.
import { latin1String } from '../format/bytes';

/** Runs this short are sorted by insertion: a counting pass would cost more. */
const SMALL_RUN = 12;
/** Buckets up to this size are sorted in the first round. */
const SMALL_BUCKET = 256;

interface Sorter {
  bytes: Uint8Array;
  starts: Uint32Array;
  order: Uint32Array;
  /** Scatter space, and each word's byte at the position being sorted on (+1; 0: the word ended). */
  spare: Uint32Array;
  digits: Uint16Array;
  counts: Uint32Array;
}

/** `ids` ordered by the bytes of their words: word `id` is `bytes[starts[id] .. starts[id + 1])`. */
export function sortWordIds(bytes: Uint8Array, starts: Uint32Array, ids: Uint32Array): Uint32Array {
  // Bucket of a word: its first byte * 256 + its second (0 for a one-byte word: bytes in words
  // are never 0). `ends` counts, then holds where each bucket ends.
  const keys = new Uint16Array(ids.length);
  const ends = new Uint32Array(0x10001);
  firstTwoBytes(bytes, starts, ids, keys, ends);
  cumulate(ends);
  const order = new Uint32Array(ids.length);
  scatter(ids, keys, ends, order);
  const sorter: Sorter = {
    bytes,
    starts,
    order,
    spare: new Uint32Array(ids.length),
    digits: new Uint16Array(ids.length),
    counts: new Uint32Array(258),
  };
  sortBuckets(sorter, ends, 0, SMALL_BUCKET);
  sortBuckets(sorter, ends, SMALL_BUCKET + 1, ids.length);
  return order;
}

function firstTwoBytes(
  bytes: Uint8Array,
  starts: Uint32Array,
  ids: Uint32Array,
  keys: Uint16Array,
  counts: Uint32Array,
): void {
  for (let i = 0; i < ids.length; i++) {
    const at = starts[ids[i]!]!;
    const key = (bytes[at]! << 8) | (at + 1 < starts[ids[i]! + 1]! ? bytes[at + 1]! : 0);
    keys[i] = key;
    counts[key + 1]!++;
  }
}

/** Counts per bucket (at bucket + 1) into where each bucket starts. */
function cumulate(counts: Uint32Array): void {
  for (let b = 1; b < counts.length; b++) counts[b]! += counts[b - 1]!;
}

/** Places each id in its bucket; `starts[b]` ends up where bucket b ends. */
function scatter(ids: Uint32Array, keys: Uint16Array, starts: Uint32Array, order: Uint32Array): void {
  for (let i = 0; i < ids.length; i++) order[starts[keys[i]!]!++] = ids[i]!;
}

/** Sorts the buckets with between `least` and `most` words (from their third byte on). */
function sortBuckets(sorter: Sorter, ends: Uint32Array, least: number, most: number): void {
  for (let b = 0; b < 0x10000; b++) {
    const from = b === 0 ? 0 : ends[b - 1]!;
    const size = ends[b]! - from;
    if (size > 1 && size >= least && size <= most) sortRange(sorter, from, ends[b]!, 2);
  }
}

/** Sorts `order[from .. to)`, whose words agree on their first `depth` bytes, by the rest. */
function sortRange(sorter: Sorter, from: number, to: number, depth: number): void {
  const { bytes, starts, order } = sorter;
  // Ranges still to sort, as (from, to, depth) triples.
  const pending = [from, to, depth];
  while (pending.length > 0) {
    const rangeDepth = pending.pop()!;
    const rangeTo = pending.pop()!;
    const rangeFrom = pending.pop()!;
    if (rangeTo - rangeFrom <= SMALL_RUN) insertionSort(bytes, starts, order, rangeFrom, rangeTo, rangeDepth);
    else countingPass(sorter, rangeFrom, rangeTo, rangeDepth, pending);
  }
}

/** Orders `order[from .. to)` by the byte at `depth`, and queues each bucket of 2+ words. */
function countingPass(sorter: Sorter, from: number, to: number, depth: number, pending: number[]): void {
  const { bytes, starts, order, spare, digits, counts } = sorter;
  let low = 256;
  let high = 0;
  for (let i = from; i < to; i++) {
    const id = order[i]!;
    const at = starts[id]! + depth;
    const digit = at < starts[id + 1]! ? bytes[at]! + 1 : 0;
    digits[i] = digit;
    low = Math.min(low, digit);
    high = Math.max(high, digit);
  }
  // Only the buckets between the lowest and highest byte seen (digits, letters: a few dozen).
  counts.fill(0, low, high + 2);
  for (let i = from; i < to; i++) counts[digits[i]! + 1]!++;
  for (let b = low + 1; b <= high + 1; b++) counts[b]! += counts[b - 1]!;
  // counts[b] is now where bucket b starts (from `from`); scatter, then copy back.
  for (let i = from; i < to; i++) spare[from + counts[digits[i]!]!++] = order[i]!;
  order.set(spare.subarray(from, to), from);
  // counts[b] is now where bucket b ends. Bucket 0 holds at most one word (they are distinct).
  for (let b = Math.max(low, 1); b <= high; b++) {
    const start = b === low ? from : from + counts[b - 1]!;
    const end = from + counts[b]!;
    if (end - start > 1) pending.push(start, end, depth + 1);
  }
}

/** Sorts `order[from .. to)`, whose words agree on their first `skip` bytes. */
function insertionSort(
  bytes: Uint8Array,
  starts: Uint32Array,
  order: Uint32Array,
  from: number,
  to: number,
  skip: number,
): void {
  for (let i = from + 1; i < to; i++) {
    const id = order[i]!;
    let j = i;
    while (j > from && compareFrom(bytes, starts, order[j - 1]!, id, skip) > 0) {
      order[j] = order[j - 1]!;
      j--;
    }
    order[j] = id;
  }
}

function compareFrom(bytes: Uint8Array, starts: Uint32Array, a: number, b: number, from: number): number {
  const aStart = starts[a]!;
  const bStart = starts[b]!;
  const aLength = starts[a + 1]! - aStart;
  const bLength = starts[b + 1]! - bStart;
  const n = Math.min(aLength, bLength);
  for (let k = from; k < n; k++) {
    const diff = bytes[aStart + k]! - bytes[bStart + k]!;
    if (diff !== 0) return diff;
  }
  return aLength - bLength;
}

/** The words `order` lists (ids into `from`'s words in `wordBytes`), back to back, and where each starts. */
export function sortedWords(
  wordBytes: Uint8Array,
  from: Uint32Array,
  order: Uint32Array,
): { words: string; wordStarts: Uint32Array } {
  const wordStarts = new Uint32Array(order.length + 1);
  for (let w = 0; w < order.length; w++) wordStarts[w + 1] = wordStarts[w]! + from[order[w]! + 1]! - from[order[w]!]!;
  const bytes = new Uint8Array(wordStarts[order.length]!);
  for (let w = 0, to = 0; w < order.length; w++) {
    for (let at = from[order[w]!]!, end = from[order[w]! + 1]!; at < end; at++) bytes[to++] = wordBytes[at]!;
  }
  return { words: latin1String(bytes), wordStarts };
}
