// Job numbers as a column of values instead of words. Each job has its own number, so almost every
// vocabulary word was a job number, with its word bytes, word start, four posting starts (three of
// them empty), postings, folded text and display bytes: close to half of the stored index. A number that is a canonical decimal is
// now one uint32 per document, plus the documents in order of number (numberOrder), so exact,
// prefix and typo lookups are binary searches over values (number-lookup.ts). Any other number
// ("J-17", "ẞ-17", "0042", "") is a piece with words, as every number used to be, so nothing
// is lost (types.ts SerializedSegment, segment-read.ts).

/** numberValues entry of a document whose number is not canonical (it is a piece). Also why the
 * largest uint32 itself is not canonical: it could not be told apart. */
export const NO_NUMBER = 0xffffffff;
/** The largest number stored as a value. */
export const MAX_NUMBER = NO_NUMBER - 1;
/** Digits of MAX_NUMBER: longer digit strings are never canonical. */
export const MAX_DIGITS = 10;

/** The value of `text` when it is a canonical decimal (digits only, no leading zero unless it is
 * "0", at most MAX_NUMBER), else NO_NUMBER. Such a text folds to itself, so its folded text,
 * original and words are all `String(value)`. */
export function canonicalNumber(text: string): number {
  const n = text.length;
  if (n === 0 || n > MAX_DIGITS || (n > 1 && text.charCodeAt(0) === 48)) return NO_NUMBER;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NO_NUMBER;
    value = value * 10 + digit;
  }
  return value <= MAX_NUMBER ? value : NO_NUMBER;
}

/** How many decimal digits `value` has (1 for 0). */
export function digitCount(value: number): number {
  let digits = 1;
  while (value >= 10) {
    value = Math.floor(value / 10);
    digits++;
  }
  return digits;
}

/** The documents with a canonical number (`values[d] !== NO_NUMBER`), ordered by number and then
 * by document; empty when that is every document in document order already (no odd numbers, and
 * numbers ascending: jobs are usually numbered as they are created), which saves 4 bytes a
 * document. `odd`: how many documents have no value. */
export function numberOrder(values: Uint32Array, odd: number): Uint32Array {
  if (odd === 0 && ascending(values)) return new Uint32Array(0);
  return sortByValue(values, values.length - odd);
}

function ascending(values: Uint32Array): boolean {
  for (let d = 1; d < values.length; d++) if (values[d]! < values[d - 1]!) return false;
  return true;
}

/** Below this many documents (a delta of a few changes) a plain sort beats filling the radix
 * passes' two 65,536-entry count tables. */
const SMALL_SORT = 256;

/** Two stable counting-sort passes over the low then the high 16 bits (a comparison sort of a
 * large account's documents through a callback was measurably slower). */
function sortByValue(values: Uint32Array, numbered: number): Uint32Array {
  const docs = new Uint32Array(numbered);
  let at = 0;
  for (let d = 0; d < values.length; d++) if (values[d] !== NO_NUMBER) docs[at++] = d;
  if (numbered < SMALL_SORT) return docs.sort((a, b) => values[a]! - values[b]! || a - b);
  const byLow = countingPass(values, docs, 0);
  return countingPass(values, byLow, 16);
}

/** `docs` stably ordered by 16 bits of their value from bit `shift`. */
function countingPass(values: Uint32Array, docs: Uint32Array, shift: number): Uint32Array {
  const starts = bucketStarts(values, docs, shift);
  const out = new Uint32Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    out[starts[(values[d]! >>> shift) & 0xffff]!++] = d;
  }
  return out;
}

/** Where each 16-bit bucket starts in the output (a running sum of the counts). */
function bucketStarts(values: Uint32Array, docs: Uint32Array, shift: number): Uint32Array {
  const counts = new Uint32Array(0x10001);
  for (let i = 0; i < docs.length; i++) counts[((values[docs[i]!]! >>> shift) & 0xffff) + 1]!++;
  return runningSum(counts);
}

function runningSum(counts: Uint32Array): Uint32Array {
  for (let b = 1; b < counts.length; b++) counts[b]! += counts[b - 1]!;
  return counts;
}
