// Picks the best `limit` candidates without sorting them all, and without allocating per
// candidate: ties on score are common (a whole tier scores the same), and an object made per
// tie cost tens of thousands of allocations on a short word, which the browser's GC then paid for.
import type { Candidates } from './evaluate';
import type { SearchIndex } from '../format/index-state';
import { FIELD_COUNT, fieldOfScore, JOINED_PART, resultPart, STRICT_PART } from '../format/scores';
import { joinedPairs, MAX_PAIRS, startJoined } from './joined';

export interface Ranked {
  doc: number;
  score: number;
  rank: number;
}

/** The current best, in order, as parallel columns (reused: one search runs at a time). */
let topDoc = new Uint32Array(32);
let topScore = new Uint32Array(32);
let topRank = new Uint32Array(32);
/** Each candidate's result score (reused, grown as needed). */
let totals = new Uint32Array(1024);

/** Orders by score, then rank (open, newest), then document number, for a stable answer. */
export function topResults(
  index: SearchIndex,
  candidates: Candidates,
  terms: readonly string[],
  limit: number,
  accept?: (doc: number) => boolean,
): Ranked[] {
  if (limit <= 0) return [];
  if (topDoc.length <= limit) {
    topDoc = new Uint32Array(limit + 1);
    topScore = new Uint32Array(limit + 1);
    topRank = new Uint32Array(limit + 1);
  }
  const { count, scores } = candidates;
  if (scores.length === 0) return [];
  if (totals.length < count) totals = new Uint32Array(Math.max(count, totals.length * 2));
  // Word by word over all candidates (few long loops, not a short loop per candidate).
  addParts(totals, scores[0]!, count, true);
  for (let t = 1; t < scores.length; t++) addParts(totals, scores[t]!, count, false);
  let size = select(index, candidates, limit, accept);
  if (terms.length > 1) {
    // Words side by side lift a candidate by up to `most`. Best totals first, a level at a time: once
    // enough have the words side by side, the last place is higher, and no lower level can reach it.
    const most = JOINED_PART * Math.min(terms.length - 1, MAX_PAIRS);
    startJoined(index, terms);
    for (let below = Infinity; ;) {
      const last = size === limit ? topScore[limit - 1]! : 0;
      const level = highestBelow(count, below, last - most);
      if (level < 0) break;
      addJoined(index, candidates, terms.length, level, below, accept);
      size = select(index, candidates, limit, accept);
      below = level;
    }
  }
  const top: Ranked[] = new Array(size);
  for (let k = 0; k < size; k++) top[k] = { doc: topDoc[k]!, score: topScore[k]!, rank: topRank[k]! };
  return top;
}

/** The best `limit` candidates by their totals into the top columns; returns how many. */
function select(
  index: SearchIndex,
  candidates: Candidates,
  limit: number,
  accept: ((doc: number) => boolean) | undefined,
): number {
  const { docs, count } = candidates;
  const mainCount = index.main.count;
  const mainRanks = index.main.ranks;
  const deltaRanks = index.delta === null ? mainRanks : index.delta.ranks;
  let size = 0;
  for (let i = 0; i < count; i++) {
    const score = totals[i]!;
    const doc = docs[i]!;
    if (accept && !accept(doc)) continue;
    if (size === limit) {
      const last = size - 1;
      if (score < topScore[last]!) continue;
      const rank = doc < mainCount ? mainRanks[doc]! : deltaRanks[doc - mainCount]!;
      if (!better(score, rank, doc, topScore[last]!, topRank[last]!, topDoc[last]!)) continue;
      insert(last, score, rank, doc);
    } else {
      const rank = doc < mainCount ? mainRanks[doc]! : deltaRanks[doc - mainCount]!;
      insert(size++, score, rank, doc);
    }
  }
  return size;
}

/** The highest total below `below` and at least `least`, or -1. */
function highestBelow(count: number, below: number, least: number): number {
  let level = -1;
  for (let i = 0; i < count; i++) {
    const total = totals[i]!;
    if (total < below && total >= least && total > level) level = total;
  }
  return level;
}

/** Adds JOINED_PART for each pair of neighbouring query words a candidate has side by side in one
 * field, to the candidates whose total is in [from, below) (reading text costs: only those that can
 * reach the last place). */
function addJoined(
  index: SearchIndex,
  candidates: Candidates,
  terms: number,
  from: number,
  below: number,
  accept: ((doc: number) => boolean) | undefined,
): void {
  const { docs, count, scores } = candidates;
  for (let i = 0; i < count; i++) {
    const total = totals[i]!;
    if (total < from || total >= below) continue;
    const doc = docs[i]!;
    if (accept && !accept(doc)) continue;
    // Fewer parts than words: some word needed a typo correction, and typo matches count too.
    const typos = Math.floor(total / STRICT_PART) < terms;
    totals[i] = total + JOINED_PART * joinedPairs(index, doc, typos, typos ? 0 : firstJoinableField(scores, i));
  }
}

/** Without typos, the first field that can hold a pair side by side: a pair needs both words in one
 * field, and a word is in none above its best score's. */
function firstJoinableField(scores: Uint8Array[], i: number): number {
  let first = FIELD_COUNT;
  let previous = fieldOfScore(scores[0]![i]!);
  for (let t = 1; t < scores.length; t++) {
    const field = fieldOfScore(scores[t]![i]!);
    first = Math.min(first, Math.max(previous, field));
    previous = field;
  }
  return first;
}

function addParts(totals: Uint32Array, column: Uint8Array, count: number, first: boolean): void {
  if (first) for (let i = 0; i < count; i++) totals[i] = resultPart(column[i]!);
  else for (let i = 0; i < count; i++) totals[i] = totals[i]! + resultPart(column[i]!);
}

function better(score: number, rank: number, doc: number, score2: number, rank2: number, doc2: number): boolean {
  return score !== score2 ? score > score2 : rank !== rank2 ? rank > rank2 : doc < doc2;
}

/** Places the entry among top[0, at) in order, using slot `at` (the last one, dropped if full). */
function insert(at: number, score: number, rank: number, doc: number): void {
  while (at > 0 && better(score, rank, doc, topScore[at - 1]!, topRank[at - 1]!, topDoc[at - 1]!)) {
    topScore[at] = topScore[at - 1]!;
    topRank[at] = topRank[at - 1]!;
    topDoc[at] = topDoc[at - 1]!;
    at--;
  }
  topScore[at] = score;
  topRank[at] = rank;
  topDoc[at] = doc;
}
