// Search-as-you-type: each keystroke usually extends the last query, so the documents that matched
// it are the only ones that can match now; the typeahead narrows them instead of asking the index.
import { evaluateAll, keepCandidates, narrow, NOT_SCORED, type Candidates } from './evaluate';
import type { SearchIndex } from '../format/index-state';
import { queryTerms } from '../format/normalize';
import { DEFAULT_LIMIT, evaluate, present } from './search';
import { planTerm } from './term-plan';
import { MIN_TYPO_LENGTH } from '../format/typo';
import type { SearchOptions, SearchResult } from '../format/types';

/** Above this many postings a single word is answered by its best tiers only, which cannot be
 * narrowed later; below it all its matches are kept for the next keystroke. */
const KEEP_ALL_BELOW = 30_000;

export interface Typeahead {
  search(query: string, options?: SearchOptions): SearchResult[];
  /** Forgets the cached candidates (the next search asks the index). */
  reset(): void;
}

interface State {
  generation: number;
  terms: string[];
  candidates: Candidates | null;
  limit: number;
  results: SearchResult[];
  accept: SearchOptions['accept'];
}

export function createTypeahead(index: SearchIndex): Typeahead {
  let last: State | null = null;
  return {
    search(query, options = {}) {
      const terms = queryTerms(query);
      const limit = options.limit ?? DEFAULT_LIMIT;
      if (terms.length === 0) return [];
      const previous = last !== null && last.generation === index.generation ? last : null;
      if (
        previous &&
        previous.limit === limit &&
        previous.accept === options.accept &&
        sameTerms(previous.terms, terms)
      )
        return previous.results;
      let candidates: Candidates | null;
      let answer: Candidates;
      if (previous?.candidates && extends_(previous.terms, terms)) {
        candidates = refine(index, previous, terms);
        answer = candidates;
      } else if (terms.length > 1 || planTerm(index, terms[0]!).strictCost < KEEP_ALL_BELOW) {
        // The answer is in shared work arrays: copy it into this typeahead's own (reusing the last
        // ones' room), since the next keystroke narrows it.
        answer = evaluateAll(index, terms);
        candidates = keepCandidates(answer, last?.candidates ?? null);
      } else {
        candidates = null;
        answer = evaluate(index, terms, limit, options.accept);
      }
      const results = present(index, terms, answer, limit, options.accept);
      last = { generation: index.generation, terms, candidates, limit, results, accept: options.accept };
      return results;
    },
    reset() {
      last = null;
    },
  };
}

function sameTerms(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((term, i) => term === b[i]);
}

/** True when every document matching `next` also matched `prev`: each old word is kept or
 * lengthened, and no lengthened word gains typo matches its shorter form could not have had (a
 * word of 4 letters or fewer may miss typos of its extension, see typo.ts). */
function extends_(prev: readonly string[], next: readonly string[]): boolean {
  if (next.length < prev.length) return false;
  return prev.every((old, i) => {
    const now = next[i]!;
    if (now === old) return true;
    return now.startsWith(old) && (now.length < MIN_TYPO_LENGTH || old.length > MIN_TYPO_LENGTH);
  });
}

/** Narrows the last candidates in place (they are this typeahead's own, and the last answer is
 * not needed again): only the words that changed are scored again, into their old columns. */
function refine(index: SearchIndex, previous: State, terms: string[]): Candidates {
  const candidates = previous.candidates!;
  const spare: Uint8Array[] = [];
  candidates.scores = terms.map((term, i) => {
    const column = candidates.scores[i];
    if (column !== undefined && term === previous.terms[i]) return column;
    if (column !== undefined) spare[i] = column;
    return NOT_SCORED;
  });
  terms.forEach((term, i) => {
    if (term === previous.terms[i]) return;
    const own = spare[i] ?? new Uint8Array(candidates.count);
    narrow(index, candidates, i, planTerm(index, term), own);
  });
  return candidates;
}
