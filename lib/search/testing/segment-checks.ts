// Checks the builder tests share: a reference build the slow, obvious way, segments compared
// column by column, and posting lists worked out naively from a segment's own text. (Test code:
// it asserts with vitest.)
import { expect } from 'vitest';
import { lastOfEachUuid } from '../build/build';
import { createIndexBuilder } from '../index';
import { createIndexState, type SearchIndex } from '../format/index-state';
import { buildSegment } from '../build/segment-input';
import { pieceEnd, pieceStart, textPiece } from '../format/segment-read';
import type { SearchDoc, SerializedSegment } from '../format/types';

/** The slow, obvious way to the same index: each document folded on its own (foldText) and every
 * field tokenised, as deltas and merges do (segment-input.ts). The builder folds pages in bulk and
 * replays the words of texts it met before (piece-words.ts), and must agree. */
export function referenceIndex(docs: readonly SearchDoc[]): SearchIndex {
  const main = buildSegment([], lastOfEachUuid(docs));
  return createIndexState(main, null, new Uint8Array(main.count).fill(1));
}

/** Every column of two segments is the same (typed arrays compared element by element, quickly). */
export function expectSameSegment(actual: SerializedSegment, expected: SerializedSegment): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const key of Object.keys(expected) as (keyof SerializedSegment)[]) {
    const a = actual[key];
    const b = expected[key];
    if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
      expect(a.constructor, key).toBe(b.constructor);
      expect(a.length, key).toBe(b.length);
      expect(a.byteLength, `${key}: no spare room (structured clone would copy it)`).toBe(a.buffer.byteLength);
      expect(firstDifference(a, b), key).toBe(-1);
    } else expect(a, key).toEqual(b);
  }
}

function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** Words and posting lists worked out naively from the segment's own folded text. */
export function checkInverted(seg: SerializedSegment): void {
  const expected = new Map<string, number[][]>();
  for (let d = 0; d < seg.count; d++) {
    for (let f = 0; f < 4; f++) {
      const piece = textPiece(seg, d, f);
      if (piece < 0) continue; // a job number stored as a value has no words
      const field = seg.text.slice(pieceStart(seg, piece), pieceEnd(seg, piece));
      for (const word of new Set(field.split(' ').filter(Boolean))) {
        if (!expected.has(word)) expected.set(word, [[], [], [], []]);
        expected.get(word)![f]!.push(d);
      }
    }
  }
  const words = [...expected.keys()].sort();
  const stored = Array.from({ length: seg.wordStarts.length - 1 }, (_, w) =>
    seg.words.slice(seg.wordStarts[w], seg.wordStarts[w + 1]),
  );
  expect(stored).toEqual(words);
  words.forEach((word, w) => {
    for (let f = 0; f < 4; f++) {
      const docs: number[] = [];
      let doc = -1;
      let gap = 0;
      let shift = 0;
      for (let at = seg.postingStarts[w * 4 + f]!; at < seg.postingStarts[w * 4 + f + 1]!; at++) {
        const byte = seg.postings[at]!;
        gap += (byte & 0x7f) * 2 ** shift;
        shift += 7;
        if (byte < 0x80) {
          doc += gap;
          docs.push(doc);
          gap = 0;
          shift = 0;
        }
      }
      expect(docs, `${word} in field ${f}`).toEqual(expected.get(word)![f]);
    }
  });
}

/** An index builder and, beside it, the documents it should hold (a later copy of a uuid
 * replaces the earlier one and goes to the end, as the builder orders them; remove drops one). */
export function trackedBuilder() {
  const builder = createIndexBuilder();
  const live = new Map<string, SearchDoc>();
  const add = (page: readonly SearchDoc[]): void => {
    builder.add(page);
    for (const d of page) {
      live.delete(d.uuid);
      live.set(d.uuid, d);
    }
  };
  const remove = (uuid: string): void => {
    builder.remove(uuid);
    live.delete(uuid);
  };
  return { builder, live, add, remove };
}
