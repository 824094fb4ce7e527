// Checks one candidate document against one query word by reading its folded text: cheaper than
// walking a common word's posting lists when only a few candidates are left.
import type { SearchIndex } from '../format/index-state';
import { nextWordStarting, someWord } from '../format/normalize';
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
  const spaced = spacedTerm(term);
  for (let f = 0; f < FIELD_COUNT; f++) {
    const piece = textPiece(seg, local, f);
    const score =
      piece < 0
        ? numberScore(numberValue(seg, local), term)
        : textScore(text.substring(pieceStart(seg, piece), pieceEnd(seg, piece)), term, spaced, f);
    if (score > 0) return score;
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

let lastTerm = '';
let lastSpaced = ' ';

/** The term after a space (for `nextWordStarting`), made once per term: scoreInDoc runs per candidate. */
function spacedTerm(term: string): string {
  if (term !== lastTerm) {
    lastTerm = term;
    lastSpaced = ` ${term}`;
  }
  return lastSpaced;
}

/** The score of an exact match of `term` in field `f`'s folded text `piece` (a word that is the term), else of a prefix
 * match (a word starting with it), else 0. The words starting with it are found by string search (normalize.ts,
 * `nextWordStarting`), not by reading every word. */
function textScore(piece: string, term: string, spaced: string, f: number): number {
  let best = 0;
  let at = piece.startsWith(term) ? 0 : nextWordStarting(piece, spaced, 0);
  while (at >= 0) {
    const after = at + term.length;
    if (after === piece.length || piece.charCodeAt(after) === 32) return EXACT_SCORES[f]!;
    best = PREFIX_SCORES[f]!;
    at = nextWordStarting(piece, spaced, after);
  }
  return best;
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
