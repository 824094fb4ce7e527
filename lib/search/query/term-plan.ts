// One query word against the index: which words it matches in each segment (exact, prefix, one
// typo), and which job numbers stored as values (number-lookup.ts), and walking their posting
// lists and number positions (postings.ts) tier by tier, best tier first.
import type { Scratch, SearchIndex } from '../format/index-state';
import { exactNumbers, NUMBER_POSITION_COST, positionCount, prefixNumbers, typoNumbers } from './number-lookup';
import { collectNumbers, collectWords, markNumbers, markWords } from './postings';
import { EXACT_SCORES, FIELD_COUNT, PREFIX_SCORES, TYPO_SCORES } from '../format/scores';
import { MIN_TYPO_LENGTH } from '../format/typo';
import { typoWordRanges } from './typo-words';
import type { SerializedSegment } from '../format/types';
import { prefixRange, wordLength } from './vocab';

interface SegmentPlan {
  seg: SerializedSegment;
  base: number;
  /** Words starting with the term: [lo, hi); lo is the term itself when `exact`. */
  lo: number;
  hi: number;
  exact: boolean;
  /** Word ranges one typo away, flattened [lo, hi, lo, hi…]; null until needed. */
  typo: number[] | null;
  /** Positions in the number order (flattened [from, to…]) of the job numbers equal to the term,
   * of those that extend it, and of those one typo away (null until needed). */
  numbersExact: number[];
  numbersPrefix: number[];
  numbersTypo: number[] | null;
}

export interface TermPlan {
  term: string;
  typoAllowed: boolean;
  segments: SegmentPlan[];
  /** Posting bytes of the exact and prefix words (and number positions, as posting bytes): what
   * walking this term costs. */
  strictCost: number;
}

/** Tiers 0-7: exact then prefix, per field in ranking order; 8-11: typo, per field. */
export const TIER_COUNT = 12;
export const STRICT_TIERS = 8;

export function tierScore(tier: number): number {
  if (tier >= STRICT_TIERS) return TYPO_SCORES[tier - STRICT_TIERS]!;
  const field = tier >> 1;
  return (tier & 1) === 0 ? EXACT_SCORES[field]! : PREFIX_SCORES[field]!;
}

export function planTerm(index: SearchIndex, term: string): TermPlan {
  const segments: SegmentPlan[] = [];
  let strictCost = 0;
  const add = (seg: SerializedSegment, base: number): void => {
    const [lo, hi] = prefixRange(seg, term);
    const exact = lo < hi && wordLength(seg, lo) === term.length;
    strictCost += seg.postingStarts[hi * FIELD_COUNT]! - seg.postingStarts[lo * FIELD_COUNT]!;
    const numbersExact = exactNumbers(seg, term);
    const numbersPrefix = prefixNumbers(seg, term);
    strictCost += (positionCount(numbersExact) + positionCount(numbersPrefix)) * NUMBER_POSITION_COST;
    segments.push({ seg, base, lo, hi, exact, typo: null, numbersExact, numbersPrefix, numbersTypo: null });
  };
  add(index.main, 0);
  if (index.delta) add(index.delta, index.main.count);
  return { term, typoAllowed: term.length >= MIN_TYPO_LENGTH, segments, strictCost };
}

function typoRanges(plan: TermPlan, sp: SegmentPlan): number[] {
  if (sp.typo === null) sp.typo = plan.typoAllowed ? typoWordRanges(sp.seg, plan.term, sp.lo, sp.hi) : [];
  return sp.typo;
}

function typoNumberRanges(plan: TermPlan, sp: SegmentPlan): number[] {
  if (sp.numbersTypo === null) sp.numbersTypo = plan.typoAllowed ? typoNumbers(sp.seg, plan.term) : [];
  return sp.numbersTypo;
}

/** Posting bytes of the typo words: what walking the typo tiers costs (finds their words). */
export function typoCost(plan: TermPlan): number {
  if (!plan.typoAllowed) return 0;
  let cost = 0;
  for (const sp of plan.segments) {
    const ranges = typoRanges(plan, sp);
    const starts = sp.seg.postingStarts;
    for (let r = 0; r < ranges.length; r += 2)
      cost += starts[ranges[r + 1]! * FIELD_COUNT]! - starts[ranges[r]! * FIELD_COUNT]!;
    cost += positionCount(typoNumberRanges(plan, sp)) * NUMBER_POSITION_COST;
  }
  return cost;
}

/** Word ranges of one tier in one segment, flattened. */
function tierWords(plan: TermPlan, sp: SegmentPlan, tier: number): number[] {
  if (tier >= STRICT_TIERS) return typoRanges(plan, sp);
  if ((tier & 1) === 0) return sp.exact ? [sp.lo, sp.lo + 1] : [];
  return [sp.exact ? sp.lo + 1 : sp.lo, sp.hi];
}

const NO_RANGES: readonly number[] = [];

/** Number positions of one tier in one segment, flattened: the number tiers (exact, prefix, typo). */
function tierNumbers(plan: TermPlan, sp: SegmentPlan, tier: number): readonly number[] {
  if (tier === 0) return sp.numbersExact;
  if (tier === 1) return sp.numbersPrefix;
  return tier === STRICT_TIERS ? typoNumberRanges(plan, sp) : NO_RANGES;
}

/** Adds every live document of this tier not yet seen to `s.list` (from `count`), recording its
 * term score; returns the new count. */
export function collectTier(
  index: SearchIndex,
  plan: TermPlan,
  tier: number,
  s: Scratch,
  stamp: number,
  count: number,
): number {
  const field = tier >= STRICT_TIERS ? tier - STRICT_TIERS : tier >> 1;
  const score = tierScore(tier);
  for (const sp of plan.segments) {
    const words = tierWords(plan, sp, tier);
    for (let r = 0; r < words.length; r += 2) {
      count = collectWords(sp.seg, sp.base, words[r]!, words[r + 1]!, field, score, index.alive, s, stamp, count);
    }
    const numbers = tierNumbers(plan, sp, tier);
    for (let r = 0; r < numbers.length; r += 2) {
      count = collectNumbers(sp.seg, sp.base, numbers[r]!, numbers[r + 1]!, score, index.alive, s, stamp, count);
    }
  }
  return count;
}

/** Records the term score of the members (`s.member === memberStamp`) this tier matches. */
export function markTier(plan: TermPlan, tier: number, s: Scratch, stamp: number, memberStamp: number): void {
  const field = tier >= STRICT_TIERS ? tier - STRICT_TIERS : tier >> 1;
  const score = tierScore(tier);
  for (const sp of plan.segments) {
    const words = tierWords(plan, sp, tier);
    for (let r = 0; r < words.length; r += 2) {
      markWords(sp.seg, sp.base, words[r]!, words[r + 1]!, field, score, s, stamp, memberStamp);
    }
    const numbers = tierNumbers(plan, sp, tier);
    for (let r = 0; r < numbers.length; r += 2)
      markNumbers(sp.seg, sp.base, numbers[r]!, numbers[r + 1]!, score, s, stamp, memberStamp);
  }
}
