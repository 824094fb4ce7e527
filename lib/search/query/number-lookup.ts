// Finding a query word among the job numbers stored as values (number-column.ts): the numbers
// whose decimal digits start with digits t are the value ranges [t·10^j, (t+1)·10^j) for
// j = 0, 1, … while they fit in MAX_DIGITS digits, and each range is a stretch of positions in the
// number order (two binary searches). Answers are position ranges, flattened [from, to, from,
// to…]; postings.ts walks them as it walks posting lists.
import { canonicalNumber, digitCount, MAX_DIGITS, MAX_NUMBER, NO_NUMBER } from '../format/number-column';
import { typoNumberValues } from './number-typos';
import { numberAt, numberedDocs } from '../format/segment-read';
import type { SerializedSegment } from '../format/types';

type Numbers = Pick<SerializedSegment, 'count' | 'numberValues' | 'numberOrder' | 'oddNumberDocs'>;

/** What walking a position costs, in posting bytes (a posting is a 1-3 byte varint gap). */
export const NUMBER_POSITION_COST = 2;

/** The first position whose number is at least `value`. */
function lowerBound(seg: Numbers, value: number): number {
  let lo = 0;
  let hi = numberedDocs(seg);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (numberAt(seg, mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Appends the positions of the numbers in [lo, hi) (values; hi may pass MAX_NUMBER) to `out`. */
function addValues(seg: Numbers, lo: number, hi: number, out: number[]): void {
  const from = lowerBound(seg, lo);
  const to = hi > MAX_NUMBER ? numberedDocs(seg) : lowerBound(seg, hi);
  if (from < to) out.push(from, to);
}

/** Positions of the number equal to `term` (when it is a canonical decimal). */
export function exactNumbers(seg: Numbers, term: string): number[] {
  const out: number[] = [];
  const value = canonicalNumber(term);
  if (value !== NO_NUMBER) addValues(seg, value, value + 1, out);
  return out;
}

/** Positions of the numbers that start with `term` and are longer. */
export function prefixNumbers(seg: Numbers, term: string): number[] {
  const out: number[] = [];
  const value = canonicalNumber(term);
  // No canonical number but 0 itself starts with 0.
  if (value !== NO_NUMBER && value !== 0) addExtensions(seg, value, 1, out);
  return out;
}

/** Appends the numbers that start with the digits of `value` and have at least `extra` more. */
function addExtensions(seg: Numbers, value: number, extra: number, out: number[]): void {
  const positions = numberedDocs(seg);
  if (positions === 0) return;
  const largest = numberAt(seg, positions - 1);
  let scale = 10 ** extra;
  for (let digits = digitCount(value) + extra; digits <= MAX_DIGITS; digits++, scale *= 10) {
    const lo = value * scale;
    if (lo > largest) return;
    addValues(seg, lo, (value + 1) * scale, out);
  }
}

/** Positions of the numbers one typo from `term` (typo.ts: a prefix of 4+ digits is one edit
 * away), for a term of MIN_TYPO_LENGTH+ characters. Each one-edit variant that is a canonical
 * decimal is looked up as a prefix; the numbers that start with the term itself come back too
 * (they are exact or prefix matches, found in an earlier tier, so never counted twice). */
export function typoNumbers(seg: Numbers, term: string): number[] {
  const out: number[] = [];
  if (numberedDocs(seg) === 0) return out;
  const values = typoNumberValues(term);
  for (let i = 0; i < values.length; i++) addExtensions(seg, values[i]!, 0, out);
  return out;
}

/** Positions covered by ranges (flattened). */
export function positionCount(ranges: readonly number[]): number {
  let count = 0;
  for (let r = 0; r < ranges.length; r += 2) count += ranges[r + 1]! - ranges[r]!;
  return count;
}
