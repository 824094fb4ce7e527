// Finds the documents that match every query word, with each word's score per document.
import { nextMemberStamp, nextSeenStamp, scratch, type SearchIndex } from './index-state';
import { collectTier, markTier, planTerm, STRICT_TIERS, TIER_COUNT, type TermPlan } from './term-plan';
import { scoreInDoc } from './verify';

export interface Candidates {
  /** Matching documents in docs[0, count); the arrays may be longer. */
  docs: Uint32Array;
  count: number;
  /** Per query word, its score in each candidate (parallel to docs). */
  scores: Uint8Array[];
}

/** Reading one candidate's text costs about as much as walking this many postings (measured
 * roughly with bench/search.ts); below that ratio a word is checked per candidate. */
const VERIFY_COST = 24;

/** Every document matching all `terms`: the cheapest word's postings give the candidates, and
 * each other word narrows them. */
export function evaluateAll(index: SearchIndex, terms: readonly string[]): Candidates {
  const plans = terms.map((term) => planTerm(index, term));
  const order = plans.map((_, i) => i).sort((a, b) => plans[a]!.strictCost - plans[b]!.strictCost);
  const driver = order[0]!;
  const found = collect(index, plans[driver]!, Infinity);
  const scores: Uint8Array[] = terms.map(() => new Uint8Array(0));
  scores[driver] = found.scores;
  const candidates: Candidates = { docs: found.docs, count: found.docs.length, scores };
  for (const i of order.slice(1)) narrow(index, candidates, i, plans[i]!);
  return candidates;
}

/** Documents matching one word, best tier first, stopping after the first tier that brings the
 * total to `enough` (every document left out then scores lower than all those found). */
export function collect(index: SearchIndex, plan: TermPlan, enough: number): { docs: Uint32Array; scores: Uint8Array } {
  const s = scratch(index);
  const stamp = nextSeenStamp(s);
  let count = 0;
  for (let tier = 0; tier < TIER_COUNT && count < enough; tier++) {
    if (tier >= STRICT_TIERS && !plan.typoAllowed) break;
    count = collectTier(index, plan, tier, s, stamp, count);
  }
  const docs = s.list.slice(0, count);
  const scores = new Uint8Array(count);
  for (let i = 0; i < count; i++) scores[i] = s.termScore[docs[i]!]!;
  return { docs, scores };
}

/** Scores word `termIndex` for every candidate and drops the candidates it does not match. */
export function narrow(index: SearchIndex, candidates: Candidates, termIndex: number, plan: TermPlan): void {
  const { docs, count } = candidates;
  const own = new Uint8Array(count);
  if (count * VERIFY_COST < plan.strictCost) {
    for (let i = 0; i < count; i++) own[i] = scoreInDoc(index, docs[i]!, plan.term, plan.typoAllowed);
  } else {
    const s = scratch(index);
    const member = nextMemberStamp(s);
    for (let i = 0; i < count; i++) s.member[docs[i]!] = member;
    const stamp = nextSeenStamp(s);
    for (let tier = 0; tier < TIER_COUNT; tier++) {
      if (tier >= STRICT_TIERS && !plan.typoAllowed) break;
      markTier(index, plan, tier, s, stamp, member);
    }
    for (let i = 0; i < count; i++) {
      const doc = docs[i]!;
      own[i] = s.seen[doc] === stamp ? s.termScore[doc]! : 0;
    }
  }
  candidates.scores[termIndex] = own;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    if (own[i] === 0) continue;
    docs[kept] = docs[i]!;
    for (const column of candidates.scores) if (column.length > 0) column[kept] = column[i]!;
    kept++;
  }
  candidates.count = kept;
}
