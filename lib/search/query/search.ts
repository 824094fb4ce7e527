// One-off search: `search(index, 'smith elm', { limit: 20 })`.
import { collectOne, evaluateAll, type Candidates } from './evaluate';
import { matchesInDoc } from './highlight';
import { displayOfDoc, uuidOf, type SearchIndex } from '../format/index-state';
import { queryTerms } from '../format/normalize';
import { topResults } from './rank';
import { planTerm } from './term-plan';
import type { SearchOptions, SearchResult } from '../format/types';

export const DEFAULT_LIMIT = 20;

/** Ranked matches of `query`: job number (exact, then prefix) first, then customer, address and
 * description; every word must match (exactly, as a prefix, or with one typo if 4+ letters). */
export function search(index: SearchIndex, query: string, options: SearchOptions = {}): SearchResult[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const limit = options.limit ?? DEFAULT_LIMIT;
  return present(index, terms, evaluate(index, terms, limit, options.accept), limit, options.accept);
}

/** A single word only needs its best tiers: stop as soon as `limit` documents are found (with a filter,
 * all of them: the best may be filtered out). The answer lives in shared work arrays, valid until the
 * next search. */
export function evaluate(
  index: SearchIndex,
  terms: readonly string[],
  limit: number,
  accept?: (doc: number) => boolean,
): Candidates {
  if (terms.length > 1 || accept) return evaluateAll(index, terms);
  return collectOne(index, planTerm(index, terms[0]!), limit);
}

export function present(
  index: SearchIndex,
  terms: readonly string[],
  candidates: Candidates,
  limit: number,
  accept?: (doc: number) => boolean,
): SearchResult[] {
  return topResults(index, candidates, terms, limit, accept).map(({ doc, score }) => ({
    uuid: uuidOf(index, doc),
    score,
    matches: matchesInDoc(index, doc, terms),
    display: displayOfDoc(index, doc),
  }));
}
