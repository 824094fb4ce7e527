// Which neighbouring query words stand side by side, in order, in one field of a document: "56
// south" in "56 South Terrace", where each word alone ranks below a job number starting with 56.
// The index keeps no word positions, but it keeps each field's folded text: a field is read once
// per distinct text (piece) per search, since jobs share their customer's name and address.
import type { SearchIndex } from '../format/index-state';
import { nextWordStarting, someWord } from '../format/normalize';
import { FIELD_COUNT } from '../format/scores';
import { pieceEnd, pieceStart, textPiece } from '../format/segment-read';
import type { SerializedSegment } from '../format/types';
import { MIN_TYPO_LENGTH, typoPrefixLength } from '../format/typo';

/** Pairs looked at: one bit each in a uint32 (a query's words beyond the 32nd join none). */
export const MAX_PAIRS = 31;

/** Per segment, each piece's pairs for the search in progress, at 2 × piece + (typos counted ? 1 : 0):
 * valid where `seen` holds `stamp`. */
interface PieceMemo {
  seen: Uint32Array;
  pairs: Uint32Array;
  stamp: number;
}

const memos = new WeakMap<SerializedSegment, PieceMemo>();
let mainMemo: PieceMemo | null = null;
let deltaMemo: PieceMemo | null = null;
let terms: readonly string[] = [];
let typoAllowed: boolean[] = [];
/** Each term after a space, for `nextWordStarting`. */
let spaced: string[] = [];

function freshMemo(seg: SerializedSegment): PieceMemo {
  let memo = memos.get(seg);
  if (memo === undefined) {
    const slots = 2 * (seg.pieceStarts.length - 1);
    memo = { seen: new Uint32Array(slots), pairs: new Uint32Array(slots), stamp: 0 };
    memos.set(seg, memo);
  }
  if (memo.stamp === 0xffffffff) {
    memo.seen.fill(0);
    memo.stamp = 0;
  }
  memo.stamp++;
  return memo;
}

/** Starts a search for `queryTerms` (two or more words): what joinedPairs answers until the next call. */
export function startJoined(index: SearchIndex, queryTerms: readonly string[]): void {
  mainMemo = freshMemo(index.main);
  deltaMemo = index.delta === null ? null : freshMemo(index.delta);
  terms = queryTerms.length > MAX_PAIRS + 1 ? queryTerms.slice(0, MAX_PAIRS + 1) : queryTerms;
  typoAllowed = terms.map((term) => term.length >= MIN_TYPO_LENGTH);
  spaced = terms.map((term) => ` ${term}`);
}

/** How many pairs of neighbouring query words stand side by side in one of document `doc`'s fields
 * from `fromField` on (the fields above it hold none: rank.ts knows from the words' best fields). A
 * word one typo from a query word counts only with `typos` (the document needed a typo correction to
 * match): one that matched every word without one is judged by those matches, which is also cheaper. */
export function joinedPairs(index: SearchIndex, doc: number, typos: boolean, fromField: number): number {
  const mainCount = index.main.count;
  const seg = doc < mainCount ? index.main : index.delta!;
  const memo = doc < mainCount ? mainMemo! : deltaMemo!;
  const local = doc < mainCount ? doc : doc - mainCount;
  let pairs = 0;
  for (let f = fromField; f < FIELD_COUNT; f++) {
    // A job number stored as a value is one word: no pair.
    const piece = textPiece(seg, local, f);
    if (piece < 0) continue;
    const slot = 2 * piece + (typos ? 1 : 0);
    if (memo.seen[slot] !== memo.stamp) {
      memo.seen[slot] = memo.stamp;
      memo.pairs[slot] = piecePairs(seg.text, pieceStart(seg, piece), pieceEnd(seg, piece), typos);
    }
    pairs |= memo.pairs[slot]!;
  }
  return bitCount(pairs);
}

/** Bit t set: some word of text[from, end) matches term t and the word after it term t + 1. */
function piecePairs(text: string, from: number, end: number, typos: boolean): number {
  return typos ? pairsWordByWord(text, from, end) : pairsByStringSearch(text.substring(from, end));
}

/** Without typos, a pair is a word starting with term t + 1 right after one starting with term t: only the words
 * starting with term t + 1 are found (normalize.ts, `nextWordStarting`), and the word before each is read. */
function pairsByStringSearch(piece: string): number {
  let pairs = 0;
  for (let t = 0; t + 1 < terms.length; t++) {
    const next = spaced[t + 1]!;
    for (let at = nextWordStarting(piece, next, 0); at > 0; at = nextWordStarting(piece, next, at)) {
      if (wordBeforeStartsWith(piece, at - 1, terms[t]!)) {
        pairs |= 1 << t;
        break;
      }
    }
  }
  return pairs;
}

/** Whether the word before the space at `space` (past any other spaces) starts with `term`. */
function wordBeforeStartsWith(piece: string, space: number, term: string): boolean {
  let stop = space;
  while (stop > 0 && piece.charCodeAt(stop - 1) === 32) stop--;
  if (stop === 0) return false; // only spaces before it: no word
  const start = piece.lastIndexOf(' ', stop - 1) + 1;
  return stop - start >= term.length && piece.startsWith(term, start);
}

/** With typos, every word of text[from, end) is matched against every term, exactly or with one typo. */
function pairsWordByWord(text: string, from: number, end: number): number {
  let pairs = 0;
  let previous = 0;
  someWord(text, from, end, (start, stop) => {
    const matched = termsMatching(text, start, stop);
    pairs |= previous & (matched >>> 1);
    previous = matched;
    return false; // every word
  });
  return pairs;
}

/** Bit t set: the word text[start, end) starts with term t, or does with one typo. */
function termsMatching(text: string, start: number, end: number): number {
  let matched = 0;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t]!;
    if (startsWith(text, start, end, term) || (typoAllowed[t] && typoPrefixLength(text, start, end, term) > 0))
      matched |= 1 << t;
  }
  return matched;
}

function startsWith(text: string, start: number, end: number, term: string): boolean {
  if (end - start < term.length) return false;
  for (let k = 0; k < term.length; k++) if (text.charCodeAt(start + k) !== term.charCodeAt(k)) return false;
  return true;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let b = bits >>> 0; b !== 0; b &= b - 1) count++;
  return count;
}
