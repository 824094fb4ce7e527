// One query word against the index: which words it matches in each segment (exact, prefix, one
// typo), and walking their posting lists tier by tier, best tier first.
import { alphabet, type Scratch, type SearchIndex } from './index-state';
import { EXACT_SCORES, FIELD_COUNT, PREFIX_SCORES, TYPO_SCORES } from './scores';
import { MIN_TYPO_LENGTH, typoVariants } from './typo';
import type { SerializedSegment } from './types';
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
}

export interface TermPlan {
  term: string;
  typoAllowed: boolean;
  segments: SegmentPlan[];
  /** Posting bytes of the exact and prefix words: what walking this term costs. */
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
    segments.push({ seg, base, lo, hi, exact, typo: null });
  };
  add(index.main, 0);
  if (index.delta) add(index.delta, index.main.count);
  return { term, typoAllowed: term.length >= MIN_TYPO_LENGTH, segments, strictCost };
}

function typoRanges(index: SearchIndex, plan: TermPlan, sp: SegmentPlan): number[] {
  if (sp.typo !== null) return sp.typo;
  const ranges: [number, number][] = [];
  if (plan.typoAllowed) {
    for (const variant of typoVariants(plan.term, alphabet(index))) {
      const range = prefixRange(sp.seg, variant);
      if (range[0] < range[1]) ranges.push(range);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const flat: number[] = [];
  const push = (lo: number, hi: number): void => {
    if (lo >= hi) return;
    const last = flat.length - 1;
    if (last > 0 && lo <= flat[last]!) flat[last] = Math.max(flat[last]!, hi);
    else flat.push(lo, hi);
  };
  // Words that start with the term are exact or prefix matches, never typo matches.
  for (const [lo, hi] of ranges) {
    push(lo, Math.min(hi, sp.lo));
    push(Math.max(lo, sp.hi), hi);
  }
  sp.typo = flat;
  return flat;
}

/** Word ranges of one tier in one segment, flattened. */
function tierWords(index: SearchIndex, plan: TermPlan, sp: SegmentPlan, tier: number): number[] {
  if (tier >= STRICT_TIERS) return typoRanges(index, plan, sp);
  if ((tier & 1) === 0) return sp.exact ? [sp.lo, sp.lo + 1] : [];
  return [sp.exact ? sp.lo + 1 : sp.lo, sp.hi];
}

/** Adds every live document of this tier not yet seen to `s.list` (from `count`), recording its
 * term score; returns the new count. */
export function collectTier(index: SearchIndex, plan: TermPlan, tier: number, s: Scratch, stamp: number, count: number): number {
  const field = tier >= STRICT_TIERS ? tier - STRICT_TIERS : tier >> 1;
  const score = tierScore(tier);
  const { seen, termScore, list } = s;
  const alive = index.alive;
  for (const sp of plan.segments) {
    const words = tierWords(index, plan, sp, tier);
    const { postingStarts, postings } = sp.seg;
    for (let r = 0; r < words.length; r += 2) {
      for (let w = words[r]!; w < words[r + 1]!; w++) {
        const bucket = w * FIELD_COUNT + field;
        const end = postingStarts[bucket + 1]!;
        let local = -1;
        for (let p = postingStarts[bucket]!; p < end; ) {
          let byte = postings[p++]!;
          let gap = byte & 0x7f;
          for (let shift = 7; byte >= 0x80; shift += 7) {
            byte = postings[p++]!;
            gap |= (byte & 0x7f) << shift;
          }
          local += gap;
          const doc = sp.base + local;
          if (seen[doc] === stamp || alive[doc] === 0) continue;
          seen[doc] = stamp;
          termScore[doc] = score;
          list[count++] = doc;
        }
      }
    }
  }
  return count;
}

/** Records the term score of the members (`s.member === memberStamp`) this tier matches. */
export function markTier(index: SearchIndex, plan: TermPlan, tier: number, s: Scratch, stamp: number, memberStamp: number): void {
  const field = tier >= STRICT_TIERS ? tier - STRICT_TIERS : tier >> 1;
  const score = tierScore(tier);
  const { seen, termScore, member } = s;
  for (const sp of plan.segments) {
    const words = tierWords(index, plan, sp, tier);
    const { postingStarts, postings } = sp.seg;
    for (let r = 0; r < words.length; r += 2) {
      for (let w = words[r]!; w < words[r + 1]!; w++) {
        const bucket = w * FIELD_COUNT + field;
        const end = postingStarts[bucket + 1]!;
        let local = -1;
        for (let p = postingStarts[bucket]!; p < end; ) {
          let byte = postings[p++]!;
          let gap = byte & 0x7f;
          for (let shift = 7; byte >= 0x80; shift += 7) {
            byte = postings[p++]!;
            gap |= (byte & 0x7f) << shift;
          }
          local += gap;
          const doc = sp.base + local;
          if (member[doc] !== memberStamp || seen[doc] === stamp) continue;
          seen[doc] = stamp;
          termScore[doc] = score;
        }
      }
    }
  }
}
