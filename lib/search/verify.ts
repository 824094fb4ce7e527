// Checks one candidate document against one query word by reading its folded text: cheaper than
// walking a common word's posting lists when only a few candidates are left.
import type { SearchIndex } from './index-state';
import { isWordCode } from './normalize';
import { EXACT_SCORES, FIELD_COUNT, PREFIX_SCORES, TYPO_SCORES } from './scores';
import { pieceEnd, pieceStart, textPiece } from './segment-read';
import { typoPrefixLength } from './typo';

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
    const end = pieceEnd(seg, piece);
    let i = pieceStart(seg, piece);
    while (i < end) {
      if (!isWordCode(text.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      while (i < end && isWordCode(text.charCodeAt(i))) i++;
      if (typoPrefixLength(text, start, i, term) > 0) return TYPO_SCORES[f]!;
    }
  }
  return 0;
}
