// How much one query word is worth, by where it matched. Fields rank number > customer >
// address > description, and every exact or prefix match beats every typo match.
export const FIELD_COUNT = 4;

/** [field] → score of an exact word match, then of a prefix match. Strictly decreasing in this
 * order, so the first tier a document is seen in is its best. */
export const EXACT_SCORES = [100, 60, 40, 24] as const;
export const PREFIX_SCORES = [80, 50, 32, 18] as const;
/** [field] → score of a one-typo match; all below TYPO_CEILING. */
export const TYPO_SCORES = [9, 8, 6, 4] as const;
export const TYPO_CEILING = 10;

/** A result's score is the sum of this over its words: documents needing fewer typo corrections
 * first (each word matched without one adds 10,000), then the summed word scores. One number so
 * that callers can sort or compare by it; summed word by word, so no per-document loop over words. */
export function resultPart(wordScore: number): number {
  return wordScore < TYPO_CEILING ? wordScore : wordScore + 10_000;
}
