import { describe, expect, it } from 'vitest';
import { buildIndex } from '../index';
import { uuidOf } from '../format/index-state';
import { EXACT_SCORES, PREFIX_SCORES, TYPO_SCORES } from '../format/scores';
import { MIN_TYPO_LENGTH, typoPrefixLength } from '../format/typo';
import { foldedWords, foldingCase } from '../testing/folding-docs';
import { scoreInDoc } from './verify';

/** A word's score in a job, read plainly: the first field with a word that is the term, else one that starts with it,
 * else (a term long enough) one a typo from it. */
function expectedScore(fields: string[][], term: string): number {
  for (let f = 0; f < fields.length; f++) {
    if (fields[f]!.includes(term)) return EXACT_SCORES[f]!;
    if (fields[f]!.some((word) => word.startsWith(term))) return PREFIX_SCORES[f]!;
  }
  if (term.length < MIN_TYPO_LENGTH) return 0;
  const typo = fields.findIndex((words) => words.some((word) => typoPrefixLength(word, 0, word.length, term) > 0));
  return typo < 0 ? 0 : TYPO_SCORES[typo]!;
}

describe("a word's score read from a candidate's own text", () => {
  it('agrees with reading each word, over 300 made-up jobs and their words in every form', () => {
    const { docs, queries } = foldingCase(11, 300, 120);
    const index = buildIndex(docs);
    const terms = [...new Set(queries.flat())];
    const wrong: string[] = [];
    const scores = new Set<number>();
    for (const term of terms) {
      docs.forEach((job, d) => {
        const expected = expectedScore(foldedWords(job), term);
        const found = scoreInDoc(index, d, term, term.length >= MIN_TYPO_LENGTH);
        if (found !== expected || uuidOf(index, d) !== job.uuid)
          wrong.push(`${term} in ${foldedWords(job).join(' | ')}: ${found}, not ${expected}`);
        scores.add(expected);
      });
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Exact and prefix matches in every field, and typo ones, were among those checked.
    for (const score of [...EXACT_SCORES.slice(1), ...PREFIX_SCORES, TYPO_SCORES[3]]) expect(scores).toContain(score);
  });
});
