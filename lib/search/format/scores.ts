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

/** Score → the field it is earned in (FIELD_COUNT for none). */
const FIELD_OF_SCORE = new Uint8Array(EXACT_SCORES[0] + 1).fill(FIELD_COUNT);
for (const scores of [EXACT_SCORES, PREFIX_SCORES, TYPO_SCORES])
  scores.forEach((score, f) => (FIELD_OF_SCORE[score] = f));

/** The field a word score is earned in: a word's best score says it matches in no field above that one
 * (without a typo, for a score at or above TYPO_CEILING). */
export function fieldOfScore(wordScore: number): number {
  return FIELD_OF_SCORE[wordScore]!;
}

/** A result's score orders results by, most important first:
 * 1. fewer words needing a typo correction (STRICT_PART for each word matched without one);
 * 2. more words that are a whole job number (WHOLE_NUMBER_PART each): the job typed whole comes first;
 * 3. more neighbouring query words found side by side, in order, in one field (JOINED_PART each
 *    pair, added by rank.ts): "56 south" finds 56 South Terrace above job 56xxx on another South
 *    street, whose number prefix outscores a house number word;
 * 4. the summed word scores (field and exact > prefix).
 * Each part exceeds the most the parts below it can sum to for queries of up to 19 words; longer
 * ones still rank, only less strictly. One number so that callers can sort or compare by it. */
export const STRICT_PART = 1_000_000;
export const WHOLE_NUMBER_PART = 50_000;
export const JOINED_PART = 2_000;

/** One word's share of its result's score; summed word by word, so no per-document loop over words. */
export function resultPart(wordScore: number): number {
  if (wordScore < TYPO_CEILING) return wordScore;
  return wordScore === EXACT_SCORES[0] ? wordScore + STRICT_PART + WHOLE_NUMBER_PART : wordScore + STRICT_PART;
}
