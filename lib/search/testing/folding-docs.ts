// Made-up jobs whose texts hold every kind of folding (normalize.ts): plain words, a word that folds to another length
// (ß), one past Latin (β, two bytes), and the punctuation and runs of spaces that fold to spaces between words. Tests
// hold the query path's readings of folded text (words side by side, a word's score in a document) to the plain rule
// over these, with queries made from prefixes of the same words.
import { createRandom } from './synthetic-docs';
import { doc } from './fixtures';
import { foldText, queryTerms } from '../format/normalize';
import type { SearchDoc } from '../format/types';

const WORDS = ['12', '120', 'c', 'chapel', 'Ch.', 'pump', 'Pumpe', 'r', 'repair', 'Ré-pair', 'Straße', 'βeta', 'south'];
const BETWEEN = [' ', '  ', ', ', '-', ' & ', '/', ' (', ') '];

export interface FoldingCase {
  docs: SearchDoc[];
  /** Query words, folded: each a prefix of one of the texts' words (or the whole word). */
  queries: string[][];
}

export function foldingCase(seed: number, jobs: number, queries: number): FoldingCase {
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const text = (words: number): string =>
    Array.from({ length: words }, (_, i) => (i === 0 ? '' : pick(BETWEEN)) + pick(WORDS)).join('');
  const docs = Array.from({ length: jobs }, (_, i) =>
    doc(`job-${i}`, {
      number: i % 7 === 0 ? `J-${i}` : String(1000 + i),
      customer: text(1 + (i % 3)),
      address: text(2 + (i % 4)),
      description: text(3 + (i % 5)),
    }),
  );
  const made = Array.from({ length: queries }, (_, q) =>
    queryTerms(Array.from({ length: 1 + (q % 4) }, () => pick(WORDS)).join(' ')).map((term) =>
      term.slice(0, 1 + Math.floor(random() * term.length)),
    ),
  );
  return { docs, queries: made };
}

/** A job's searched fields in order (number, customer, address, description), each as its folded words. */
export function foldedWords(job: SearchDoc): string[][] {
  return [job.number, job.customer, job.address, job.description].map((field) =>
    foldText(field).text.split(' ').filter(Boolean),
  );
}
