// Picks the best `limit` candidates without sorting them all.
import type { Candidates } from './evaluate';
import type { SearchIndex } from './index-state';
import { resultScore, TYPO_CEILING } from './scores';

export interface Ranked {
  doc: number;
  score: number;
  rank: number;
}

/** Orders by score, then rank (open, newest), then document number, for a stable answer. */
function better(a: Ranked, b: Ranked): boolean {
  return a.score !== b.score ? a.score > b.score : a.rank !== b.rank ? a.rank > b.rank : a.doc < b.doc;
}

export function topResults(index: SearchIndex, candidates: Candidates, limit: number): Ranked[] {
  const { docs, count, scores } = candidates;
  const terms = scores.length;
  const mainCount = index.main.count;
  const mainRanks = index.main.ranks;
  const deltaRanks = index.delta?.ranks;
  const top: Ranked[] = [];
  if (limit <= 0) return top;
  for (let i = 0; i < count; i++) {
    let sum = 0;
    let typos = 0;
    for (let t = 0; t < terms; t++) {
      const s = scores[t]![i]!;
      sum += s;
      if (s < TYPO_CEILING) typos++;
    }
    const doc = docs[i]!;
    const score = resultScore(terms, typos, sum);
    const worst = top[top.length - 1];
    if (top.length >= limit && worst !== undefined && score < worst.score) continue;
    const rank = doc < mainCount ? mainRanks[doc]! : deltaRanks![doc - mainCount]!;
    const entry: Ranked = { doc, score, rank };
    if (top.length >= limit && worst !== undefined && !better(entry, worst)) continue;
    let at = top.length;
    while (at > 0 && better(entry, top[at - 1]!)) at--;
    top.splice(at, 0, entry);
    if (top.length > limit) top.pop();
  }
  return top;
}
