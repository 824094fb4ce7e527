// The words one typo from a query word (typo.ts's rule: some prefix, 4+ long, is one substitution,
// insertion, deletion or swap of neighbours away), found by walking the sorted words like a trie:
// for an edit at position i only the words that start with the term's first i characters can
// match, and inside them only the characters that really follow (not the whole alphabet) are
// tried. No variant strings are made: generating the hundreds of variants of a long word and
// looking each up made garbage on every keystroke, which a browser's GC makes worse.
import { MIN_TYPO_LENGTH } from '../format/typo';
import { boundAt, charGroupEnd } from './vocab';
import type { SerializedSegment } from '../format/types';

type Words = Pick<SerializedSegment, 'words' | 'wordStarts'>;

/** The term's characters, and the term with characters i and i + 1 swapped (reused buffers). */
let codes = new Uint16Array(64);
let swapped = new Uint16Array(64);

/** Word ranges one typo from `term` (at least MIN_TYPO_LENGTH long), sorted, merged and flattened
 * [lo, hi, lo, hi…], leaving out [strictLo, strictHi): the words that start with the term, which
 * are exact or prefix matches, never typo matches. */
export function typoWordRanges(seg: Words, term: string, strictLo: number, strictHi: number): number[] {
  const n = term.length;
  if (n < MIN_TYPO_LENGTH) return [];
  if (codes.length < n) {
    codes = new Uint16Array(n * 2);
    swapped = new Uint16Array(n * 2);
  }
  for (let k = 0; k < n; k++) codes[k] = term.charCodeAt(k);
  const found: number[] = [];
  /** The words of [lo, hi) that continue their first `at` characters with chars[from, to). */
  const addContinuing = (lo: number, hi: number, at: number, chars: Uint16Array, from: number, to: number): void => {
    const a = boundAt(seg, lo, hi, at, chars, from, to, 0);
    const b = boundAt(seg, a, hi, at, chars, from, to, 1);
    if (a < b) found.push(a, b);
  };
  // [lo, hi): the words starting with term[0, i), narrowed one character per step.
  let lo = 0;
  let hi = seg.wordStarts.length - 1;
  for (let i = 0; i < n && lo < hi; i++) {
    // Deletion of character i: the rest of the term follows the shared head directly.
    if (n - 1 >= MIN_TYPO_LENGTH) {
      addContinuing(lo, hi, i, codes, i + 1, n);
    }
    // Swap of characters i and i + 1.
    if (i + 1 < n && codes[i] !== codes[i + 1]) {
      swapped[0] = codes[i + 1]!;
      swapped[1] = codes[i]!;
      for (let k = i + 2; k < n; k++) swapped[k - i] = codes[k]!;
      addContinuing(lo, hi, i, swapped, 0, n - i);
    }
    // Substitution at i and insertion before i: each character c that really follows the head.
    // The word that is the head itself (no character at i) sorts first; skip it.
    let g = lo;
    if (seg.wordStarts[g + 1]! - seg.wordStarts[g]! === i) g++;
    let nextLo = hi;
    let nextHi = hi;
    while (g < hi) {
      const c = seg.words.charCodeAt(seg.wordStarts[g]! + i);
      const end = charGroupEnd(seg, g, hi, i, c);
      if (c === codes[i]) {
        nextLo = g;
        nextHi = end;
      } else {
        addContinuing(g, end, i + 1, codes, i + 1, n);
      }
      addContinuing(g, end, i + 1, codes, i, n);
      g = end;
    }
    lo = nextLo;
    hi = nextHi;
  }
  return mergeOutside(found, strictLo, strictHi);
}

/** Sorts the [lo, hi) pairs, merges overlapping ones and cuts [strictLo, strictHi) out. */
function mergeOutside(found: number[], strictLo: number, strictHi: number): number[] {
  // Insertion sort by lo: a few dozen pairs at most, mostly in order already.
  for (let i = 2; i < found.length; i += 2) {
    const lo = found[i]!;
    const hi = found[i + 1]!;
    let j = i - 2;
    while (j >= 0 && found[j]! > lo) {
      found[j + 2] = found[j]!;
      found[j + 3] = found[j + 1]!;
      j -= 2;
    }
    found[j + 2] = lo;
    found[j + 3] = hi;
  }
  const flat: number[] = [];
  const push = (lo: number, hi: number): void => {
    if (lo >= hi) return;
    const last = flat.length - 1;
    if (last > 0 && lo <= flat[last]!) flat[last] = Math.max(flat[last]!, hi);
    else flat.push(lo, hi);
  };
  for (let i = 0; i < found.length; i += 2) {
    const lo = found[i]!;
    const hi = found[i + 1]!;
    push(lo, Math.min(hi, strictLo));
    push(Math.max(lo, strictHi), hi);
  }
  return flat;
}
