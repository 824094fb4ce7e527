// Binary search over a segment's sorted words, compared in place (no substrings are made).
import type { SerializedSegment } from '../format/types';

type Words = Pick<SerializedSegment, 'words' | 'wordStarts'>;

/** Negative when word w sorts before `term`, 0 when it starts with `term`, positive after. */
function compare(seg: Words, w: number, term: string): number {
  const start = seg.wordStarts[w]!;
  const length = seg.wordStarts[w + 1]! - start;
  const n = Math.min(length, term.length);
  for (let i = 0; i < n; i++) {
    const diff = seg.words.charCodeAt(start + i) - term.charCodeAt(i);
    if (diff !== 0) return diff;
  }
  return length < term.length ? -1 : 0;
}

/** The words that start with `term`, as the half-open range [lo, hi); the exact word, if any, is
 * at lo (it sorts before its extensions). */
export function prefixRange(seg: Words, term: string): [number, number] {
  const words = seg.wordStarts.length - 1;
  let lo = 0;
  let hi = words;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(seg, mid, term) < 0) lo = mid + 1;
    else hi = mid;
  }
  const first = lo;
  hi = words;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(seg, mid, term) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return [first, lo];
}

export function wordLength(seg: Words, w: number): number {
  return seg.wordStarts[w + 1]! - seg.wordStarts[w]!;
}

/** Compares word w from character `at` on with codes[from, to): negative when it sorts before
 * them, 0 when it continues with them, positive after. The caller's range shares the first `at`
 * characters, so no substring or variant string is ever made. */
function compareAt(seg: Words, w: number, at: number, codes: Uint16Array, from: number, to: number): number {
  const start = seg.wordStarts[w]! + at;
  const length = seg.wordStarts[w + 1]! - start;
  const n = to - from;
  const m = length < n ? length : n;
  for (let k = 0; k < m; k++) {
    const diff = seg.words.charCodeAt(start + k) - codes[from + k]!;
    if (diff !== 0) return diff;
  }
  return length < n ? -1 : 0;
}

/** In [lo, hi), a range of words sharing their first `at` characters: with `past` 0 the first word that continues
 * with codes[from, to) or sorts after them (a lower bound), with `past` 1 the first that sorts after the words
 * continuing with them (an upper bound). */
export function boundAt(
  seg: Words,
  lo: number,
  hi: number,
  at: number,
  codes: Uint16Array,
  from: number,
  to: number,
  past: 0 | 1,
): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAt(seg, mid, at, codes, from, to) < past) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** In [lo, hi), words sharing their first `at` characters and all longer than that: the first
 * word whose character `at` is above `code`. */
export function charGroupEnd(seg: Words, lo: number, hi: number, at: number, code: number): number {
  const { words, wordStarts } = seg;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words.charCodeAt(wordStarts[mid]! + at) <= code) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
