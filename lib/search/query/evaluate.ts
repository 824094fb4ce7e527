// Finds the documents that match every query word, with each word's score per document.
//
// The work happens in arrays that outlive one search (the index's scratch list and the score
// columns below), never in arrays made per keystroke: a short word matches up to every document,
// and a fresh typed array that size is cheap in Node but not in Chromium, where slicing a large
// account's documents into new typed arrays on every keystroke was an order of magnitude slower.
import { nextMemberStamp, nextSeenStamp, scratch, totalDocs, type SearchIndex } from '../format/index-state';
import { collectTier, markTier, planTerm, STRICT_TIERS, TIER_COUNT, typoCost, type TermPlan } from './term-plan';
import { scoreInDoc } from './verify';

export interface Candidates {
  /** Matching documents in docs[0, count); the arrays may be longer. */
  docs: Uint32Array;
  count: number;
  /** Per query word, its score in each candidate (parallel to docs); NOT_SCORED until then. */
  scores: Uint8Array[];
}

/** The column of a word not scored yet: narrowing leaves it alone. */
export const NOT_SCORED = new Uint8Array(0);

/** Reading one candidate's text costs about as much as walking this many posting bytes (a
 * candidate's text is a few lines, a posting a few bytes); below that ratio a word is checked per
 * candidate. A lower value read thousands of candidates for "george r" where walking the postings
 * of "r" was several times cheaper. */
const VERIFY_COST = 100;

/** Score columns of the search in progress, one per query word, as long as the index has
 * documents. Like the scratch list, what they hold is only valid until the next search. */
const workColumns: Uint8Array[] = [];

function workColumn(i: number, size: number): Uint8Array {
  let column = workColumns[i];
  if (column === undefined || column.length < size) {
    column = new Uint8Array(size);
    workColumns[i] = column;
  }
  return column;
}

/** Every document matching all `terms`: the cheapest word's postings give the candidates, and
 * each other word narrows them. The answer lives in shared work arrays: valid until the next
 * search (keep it with `keepCandidates`). */
export function evaluateAll(index: SearchIndex, terms: readonly string[]): Candidates {
  const plans = terms.map((term) => planTerm(index, term));
  const order = plans.map((_, i) => i).sort((a, b) => plans[a]!.strictCost - plans[b]!.strictCost);
  const driver = order[0]!;
  const total = totalDocs(index);
  const scores: Uint8Array[] = terms.map(() => NOT_SCORED);
  scores[driver] = workColumn(driver, total);
  const count = collect(index, plans[driver]!, Infinity, scores[driver]);
  const candidates: Candidates = { docs: scratch(index).list, count, scores };
  for (let k = 1; k < order.length; k++) {
    const i = order[k]!;
    narrow(index, candidates, i, plans[i]!, workColumn(i, total));
  }
  return candidates;
}

/** Documents matching one word, best tier first, stopping after the first tier that brings the
 * total to `enough` (every document left out then scores lower than all those found). They go
 * to the scratch list (`scratch(index).list`), their scores to `scores` (as long as the index
 * has documents); returns how many. */
export function collect(index: SearchIndex, plan: TermPlan, enough: number, scores: Uint8Array): number {
  const s = scratch(index);
  const stamp = nextSeenStamp(s);
  let count = 0;
  for (let tier = 0; tier < TIER_COUNT && count < enough; tier++) {
    if (tier >= STRICT_TIERS && !plan.typoAllowed) break;
    count = collectTier(index, plan, tier, s, stamp, count);
  }
  const { list, termScore } = s;
  for (let i = 0; i < count; i++) scores[i] = termScore[list[i]!]!;
  return count;
}

/** The matches of one word (up to `limit` documents' worth of tiers) in the shared work arrays. */
export function collectOne(index: SearchIndex, plan: TermPlan, enough: number): Candidates {
  const scores = workColumn(0, totalDocs(index));
  const count = collect(index, plan, enough, scores);
  return { docs: scratch(index).list, count, scores: [scores] };
}

/** Scores word `termIndex` for every candidate into `own` (at least `count` long; it becomes
 * that word's column) and drops the candidates it does not match, in place. */
export function narrow(
  index: SearchIndex,
  candidates: Candidates,
  termIndex: number,
  plan: TermPlan,
  own: Uint8Array,
): void {
  const { docs, count } = candidates;
  // The typo words' postings count too, but finding them costs a little: only when it matters.
  const verify = count * VERIFY_COST < plan.strictCost || count * VERIFY_COST < plan.strictCost + typoCost(plan);
  if (verify) {
    for (let i = 0; i < count; i++) own[i] = scoreInDoc(index, docs[i]!, plan.term, plan.typoAllowed);
  } else {
    const s = scratch(index);
    const member = nextMemberStamp(s);
    for (let i = 0; i < count; i++) s.member[docs[i]!] = member;
    const stamp = nextSeenStamp(s);
    for (let tier = 0; tier < TIER_COUNT; tier++) {
      if (tier >= STRICT_TIERS && !plan.typoAllowed) break;
      markTier(plan, tier, s, stamp, member);
    }
    const { seen, termScore } = s;
    for (let i = 0; i < count; i++) {
      const doc = docs[i]!;
      own[i] = seen[doc] === stamp ? termScore[doc]! : 0;
    }
  }
  // Column by column, each in one flat loop (see postings.ts on nested loops); `own` last, as it
  // says which to keep.
  const columns = candidates.scores;
  columns[termIndex] = own;
  const kept = compactDocs(docs, own, count);
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c]!;
    if (column !== NOT_SCORED && column !== own) compactColumn(column, own, count);
  }
  compactColumn(own, own, count);
  candidates.count = kept;
}

function compactDocs(docs: Uint32Array, keep: Uint8Array, count: number): number {
  let kept = 0;
  for (let i = 0; i < count; i++) if (keep[i] !== 0) docs[kept++] = docs[i]!;
  return kept;
}

function compactColumn(column: Uint8Array, keep: Uint8Array, count: number): void {
  let kept = 0;
  for (let i = 0; i < count; i++) if (keep[i] !== 0) column[kept++] = column[i]!;
}

/** Copies candidates out of the shared work arrays into arrays of their own, reusing `into`'s
 * arrays when they are long enough (the caller no longer needs what they hold). */
export function keepCandidates(from: Candidates, into: Candidates | null): Candidates {
  const count = from.count;
  const docs = into !== null && into.docs.length >= count ? into.docs : new Uint32Array(count);
  docs.set(from.docs.subarray(0, count));
  const scores = from.scores.map((column, i) => {
    const spare = into?.scores[i];
    const own = spare !== undefined && spare !== NOT_SCORED && spare.length >= count ? spare : new Uint8Array(count);
    own.set(column.subarray(0, count));
    return own;
  });
  return { docs, count, scores };
}
