// Marks what matched in a result: ranges into the original text of each field.
import { locate, type SearchIndex } from './index-state';
import { offsetMap } from './segment-read';
import { isWordCode } from './normalize';
import { FIELD_COUNT } from './scores';
import { MIN_TYPO_LENGTH, typoPrefixLength } from './typo';
import { SEARCH_FIELDS, type SearchMatch, type SerializedSegment } from './types';

type Range = [number, number];

export function matchesInDoc(index: SearchIndex, doc: number, terms: readonly string[]): SearchMatch[] {
  const [seg, local] = locate(index, doc);
  const perField: Range[][] = [[], [], [], []];
  for (const term of terms) {
    let strict = false;
    for (let f = 0; f < FIELD_COUNT; f++) {
      strict = eachWord(seg, local, f, (start, end) => (startsWith(seg.text, start, end, term) ? term.length : 0), perField[f]!) || strict;
    }
    if (strict || term.length < MIN_TYPO_LENGTH) continue;
    for (let f = 0; f < FIELD_COUNT; f++) {
      eachWord(seg, local, f, (start, end) => typoPrefixLength(seg.text, start, end, term), perField[f]!);
    }
  }
  const matches: SearchMatch[] = [];
  for (let f = 0; f < FIELD_COUNT; f++) {
    const ranges = perField[f]!;
    if (ranges.length === 0) continue;
    const slot = local * FIELD_COUNT + f;
    const origin = seg.fieldStarts[slot]!;
    const map = offsetMap(seg, slot);
    const mapped = merge(ranges).map(([s, e]): Range => {
      if (map === null) return [s - origin, e - origin];
      const a = s - origin;
      const b = e - origin;
      // An end inside one expanded character (ß → ss) still covers that whole character.
      const end = b < map.length - 1 && map[b] === map[b - 1] ? map[b - 1]! + 1 : map[b]!;
      return [map[a]!, end];
    });
    matches.push({ field: SEARCH_FIELDS[f]!, ranges: mapped });
  }
  return matches;
}

/** Calls `match` on every word of a field; records [start, start + length) when it returns a
 * length; says whether anything matched. */
function eachWord(seg: SerializedSegment, local: number, f: number, match: (start: number, end: number) => number, out: Range[]): boolean {
  const slot = local * FIELD_COUNT + f;
  const end = seg.fieldStarts[slot + 1]! - 1;
  let i = seg.fieldStarts[slot]!;
  let any = false;
  while (i < end) {
    if (!isWordCode(seg.text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < end && isWordCode(seg.text.charCodeAt(i))) i++;
    const length = match(start, i);
    if (length > 0) {
      out.push([start, start + length]);
      any = true;
    }
  }
  return any;
}

function startsWith(text: string, start: number, end: number, term: string): boolean {
  if (end - start < term.length) return false;
  for (let k = 0; k < term.length; k++) if (text.charCodeAt(start + k) !== term.charCodeAt(k)) return false;
  return true;
}

function merge(ranges: Range[]): Range[] {
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const range of ranges) {
    const last = out[out.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}
