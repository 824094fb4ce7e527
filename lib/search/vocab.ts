// Binary search over a segment's sorted words, compared in place (no substrings are made).
import type { SerializedSegment } from './types';

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

/** Every character used in the segment's words: the alphabet typo variants are made from. */
export function alphabetOf(seg: Words): string {
  const seen = new Set<string>();
  for (let i = 0; i < seg.words.length; i++) seen.add(seg.words[i]!);
  return [...seen].sort().join('');
}
