// The one-typo rule (typo.ts) for job numbers stored as values: a number matches a term when one
// of its prefixes, 4+ digits, is one edit from the term (substitution, insertion, deletion or swap
// of neighbours). Such a prefix is all digits, so only the edits that leave digits matter: for a
// k-digit term the k deletions, k - 1 swaps, 9k substitutions and 10(k + 1) insertions (~20k + 10
// variants); a term with one other character only its deletion or replacement by a digit; with
// more, none. Each variant that is a canonical decimal (no leading zero, at most MAX_NUMBER) comes
// back as a value, and number-lookup.ts finds the numbers that start with it.
import { MAX_DIGITS, MAX_NUMBER } from '../format/number-column';
import { MIN_TYPO_LENGTH } from '../format/typo';

/** Digits of the term (-1 for another character), of a variant, and the variants' values: reused
 * from keystroke to keystroke (no garbage per keystroke). */
const termDigits = new Int8Array(MAX_DIGITS + 2);
const variant = new Int8Array(MAX_DIGITS + 2);
const found = new Float64Array(32 * (MAX_DIGITS + 2));
let count = 0;
let termLength = 0;

/** The values of the term's one-edit variants that can start a stored number, ascending, each
 * once (valid until the next call). The extensions of the term itself (an insertion at its end)
 * are left out: they are prefix matches. */
export function typoNumberValues(term: string): Float64Array {
  const n = term.length;
  count = 0;
  // A variant is at most one character longer, and MAX_DIGITS digits at most.
  if (n < MIN_TYPO_LENGTH || n > MAX_DIGITS + 1) return found.subarray(0, 0);
  let other = -1;
  for (let i = 0; i < n; i++) {
    const digit = term.charCodeAt(i) - 48;
    if (digit >= 0 && digit <= 9) termDigits[i] = digit;
    else if (other >= 0) return found.subarray(0, 0);
    else {
      termDigits[i] = -1;
      other = i;
    }
  }
  termLength = n;
  if (other >= 0) {
    if (n - 1 >= MIN_TYPO_LENGTH) deletion(other);
    for (let c = 0; c <= 9; c++) substitution(other, c);
  } else {
    // (Not at the end: the term followed by a digit is a prefix match.)
    for (let i = 0; i < n; i++) allEditsAt(i);
  }
  return sortedDistinct();
}

function allEditsAt(i: number): void {
  if (termLength - 1 >= MIN_TYPO_LENGTH) deletion(i);
  if (i + 1 < termLength && termDigits[i] !== termDigits[i + 1]) swap(i);
  for (let c = 0; c <= 9; c++) {
    if (c !== termDigits[i]) substitution(i, c);
    insertion(i, c);
  }
}

function deletion(i: number): void {
  let m = 0;
  for (let k = 0; k < termLength; k++) if (k !== i) variant[m++] = termDigits[k]!;
  accept(m);
}

function swap(i: number): void {
  for (let k = 0; k < termLength; k++) variant[k] = termDigits[k]!;
  variant[i] = termDigits[i + 1]!;
  variant[i + 1] = termDigits[i]!;
  accept(termLength);
}

function substitution(i: number, c: number): void {
  for (let k = 0; k < termLength; k++) variant[k] = termDigits[k]!;
  variant[i] = c;
  accept(termLength);
}

/** Digit c inserted before position i. */
function insertion(i: number, c: number): void {
  let m = 0;
  for (let k = 0; k < termLength; k++) {
    if (k === i) variant[m++] = c;
    variant[m++] = termDigits[k]!;
  }
  if (startsWithTerm(m)) return;
  accept(m);
}

/** Whether the variant (longer than the term) starts with it: a prefix match, not a typo. */
function startsWithTerm(m: number): boolean {
  if (m <= termLength) return false;
  for (let k = 0; k < termLength; k++) if (variant[k] !== termDigits[k]) return false;
  return true;
}

/** Keeps the variant's value if it is a canonical decimal that fits. */
function accept(m: number): void {
  if (m > MAX_DIGITS || variant[0] === 0) return;
  let value = 0;
  for (let k = 0; k < m; k++) value = value * 10 + variant[k]!;
  if (value <= MAX_NUMBER) found[count++] = value;
}

function sortedDistinct(): Float64Array {
  const values = found.subarray(0, count).sort();
  let kept = 0;
  for (let i = 0; i < values.length; i++) if (kept === 0 || values[i] !== values[kept - 1]) values[kept++] = values[i]!;
  return values.subarray(0, kept);
}
