// Marks what matched in a result: ranges into the original text of each field.
import type { SearchIndex } from '../format/index-state';
import { numberValue, offsetMap, pieceEnd, pieceStart, textPiece } from '../format/segment-read';
import { someWord } from '../format/normalize';
import { FIELD_COUNT } from '../format/scores';
import { MIN_TYPO_LENGTH, typoPrefixLength } from '../format/typo';
import { SEARCH_FIELDS, type SearchMatch, type SerializedSegment } from '../format/types';

type Range = [number, number];

export function matchesInDoc(index: SearchIndex, doc: number, terms: readonly string[]): SearchMatch[] {
  // Not locate(): it returns a pair (see verify.ts).
  const mainCount = index.main.count;
  const seg = doc < mainCount ? index.main : index.delta!;
  const local = doc < mainCount ? doc : doc - mainCount;
  const perField: Range[][] = [[], [], [], []];
  for (const term of terms) {
    let strict = false;
    for (let f = 0; f < FIELD_COUNT; f++) strict = eachWord(seg, local, f, term, false, perField[f]!) || strict;
    if (strict || term.length < MIN_TYPO_LENGTH) continue;
    for (let f = 0; f < FIELD_COUNT; f++) eachWord(seg, local, f, term, true, perField[f]!);
  }
  const matches: SearchMatch[] = [];
  for (let f = 0; f < FIELD_COUNT; f++) {
    const ranges = perField[f]!;
    if (ranges.length === 0) continue;
    const piece = textPiece(seg, local, f);
    // A number stored as a value: its folded text is its original (offsets from 0, no map).
    const origin = piece < 0 ? 0 : pieceStart(seg, piece);
    const map = piece < 0 ? null : offsetMap(seg, piece);
    const mapped = merge(ranges);
    for (const range of mapped) {
      const a = range[0] - origin;
      const b = range[1] - origin;
      if (map === null) {
        range[0] = a;
        range[1] = b;
      } else {
        // An end inside one expanded character (ß → ss) still covers that whole character.
        range[0] = map[a]!;
        range[1] = b < map.length - 1 && map[b] === map[b - 1] ? map[b - 1]! + 1 : map[b]!;
      }
    }
    matches.push({ field: SEARCH_FIELDS[f]!, ranges: mapped });
  }
  return matches;
}

/** Records [start, start + length) for every word of a field that `term` matches: as a prefix,
 * or (`typo`) with one typo; says whether anything matched. */
function eachWord(
  seg: SerializedSegment,
  local: number,
  f: number,
  term: string,
  typo: boolean,
  out: Range[],
): boolean {
  const piece = textPiece(seg, local, f);
  if (piece < 0) {
    const digits = String(numberValue(seg, local));
    return eachWordIn(digits, 0, digits.length, term, typo, out);
  }
  return eachWordIn(seg.text, pieceStart(seg, piece), pieceEnd(seg, piece), term, typo, out);
}

/** eachWord over the words of text[from, end). */
function eachWordIn(text: string, from: number, end: number, term: string, typo: boolean, out: Range[]): boolean {
  let any = false;
  someWord(text, from, end, (start, stop) => {
    const length = typo
      ? typoPrefixLength(text, start, stop, term)
      : startsWith(text, start, stop, term)
        ? term.length
        : 0;
    if (length > 0) {
      out.push([start, start + length]);
      any = true;
    }
    return false;
  });
  return any;
}

function startsWith(text: string, start: number, end: number, term: string): boolean {
  if (end - start < term.length) return false;
  for (let k = 0; k < term.length; k++) if (text.charCodeAt(start + k) !== term.charCodeAt(k)) return false;
  return true;
}

const byStart = (a: Range, b: Range): number => a[0] - b[0] || a[1] - b[1];

/** Sorts and merges overlapping ranges (reusing the ranges given: they are this call's own). */
function merge(ranges: Range[]): Range[] {
  ranges.sort(byStart);
  const out: Range[] = [];
  for (const range of ranges) {
    const last = out[out.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push(range);
  }
  return out;
}
