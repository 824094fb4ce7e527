// Checks one candidate document against one query word by reading its folded text: cheaper than
// walking a common word's posting lists when only a few candidates are left.
import type { SearchIndex } from '../format/index-state';
import { isWordCode, someWord } from '../format/normalize';
import { EXACT_SCORES, FIELD_COUNT, PREFIX_SCORES, TYPO_SCORES } from '../format/scores';
import { canonicalNumber, digitCount, NO_NUMBER } from '../format/number-column';
import { numberValue, pieceEnd, pieceStart, textPiece } from '../format/segment-read';
import { typoPrefixLength } from '../format/typo';

/** The best score `term` earns in document `doc` (same rules as the posting tiers), or 0. */
export function scoreInDoc(index: SearchIndex, doc: number, term: string, typoAllowed: boolean): number {
  // Not locate(): it returns a pair, made per candidate when not optimized away.
  const mainCount = index.main.count;
  const seg = doc < mainCount ? index.main : index.delta!;
  const local = doc < mainCount ? doc : doc - mainCount;
  const text = seg.text;
  const n = term.length;
  const first = term.charCodeAt(0);
  for (let f = 0; f < FIELD_COUNT; f++) {
    const piece = textPiece(seg, local, f);
    if (piece < 0) {
      const score = numberScore(numberValue(seg, local), term);
      if (score > 0) return score;
      continue;
    }
    const end = pieceEnd(seg, piece);
    let best = 0;
    let i = pieceStart(seg, piece);
    while (i < end) {
      if (!isWordCode(text.charCodeAt(i))) {
        i++;
        continue;
      }
      if (text.charCodeAt(i) === first && i + n <= end) {
        let k = 1;
        while (k < n && text.charCodeAt(i + k) === term.charCodeAt(k)) k++;
        if (k === n) {
          if (i + n === end || !isWordCode(text.charCodeAt(i + n))) return EXACT_SCORES[f]!;
          best = PREFIX_SCORES[f]!;
        }
      }
      while (i < end && isWordCode(text.charCodeAt(i))) i++;
    }
    if (best > 0) return best;
  }
  if (!typoAllowed) return 0;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const piece = textPiece(seg, local, f);
    if (piece < 0) {
      // Its digits as a string: a few candidates reach this far (a typo word), not thousands.
      const digits = String(numberValue(seg, local));
      if (typoPrefixLength(digits, 0, digits.length, term) > 0) return TYPO_SCORES[f]!;
      continue;
    }
    const typoWord = (start: number, end: number) => typoPrefixLength(text, start, end, term) > 0;
    if (someWord(text, pieceStart(seg, piece), pieceEnd(seg, piece), typoWord)) return TYPO_SCORES[f]!;
  }
  return 0;
}

/** The score of an exact or prefix match of `term` in a job number stored as `value`, or 0. */
function numberScore(value: number, term: string): number {
  const wanted = canonicalNumber(term);
  if (wanted === NO_NUMBER) return 0;
  const extra = digitCount(value) - term.length;
  if (extra < 0) return 0;
  if (extra === 0) return value === wanted ? EXACT_SCORES[0] : 0;
  return Math.floor(value / 10 ** extra) === wanted ? PREFIX_SCORES[0] : 0;
}
