import { describe, expect, it } from 'vitest';
import { createRandom, randomWords } from '../testing/synthetic-docs';
import { typoVariants } from '../format/typo';
import { typoWordRanges } from './typo-words';
import { prefixRange } from './vocab';

type Words = { words: string; wordStarts: Uint32Array };

function vocabulary(list: string[]): Words {
  const sorted = [...new Set(list)].sort();
  const starts = new Uint32Array(sorted.length + 1);
  let at = 0;
  sorted.forEach((word, i) => {
    starts[i] = at;
    at += word.length;
  });
  starts[sorted.length] = at;
  return { words: sorted.join(''), wordStarts: starts };
}

/** The definition: look every one-edit variant up, merge the ranges, leave out the words that
 * start with the term. */
function reference(seg: Words, term: string, alphabet: string): number[] {
  const [strictLo, strictHi] = prefixRange(seg, term);
  const ranges = typoVariants(term, alphabet)
    .map((v) => prefixRange(seg, v))
    .filter(([lo, hi]) => lo < hi)
    .sort((a, b) => a[0] - b[0]);
  const flat: number[] = [];
  const push = (lo: number, hi: number): void => {
    if (lo >= hi) return;
    const last = flat.length - 1;
    if (last > 0 && lo <= flat[last]!) flat[last] = Math.max(flat[last]!, hi);
    else flat.push(lo, hi);
  };
  for (const [lo, hi] of ranges) {
    push(lo, Math.min(hi, strictLo));
    push(Math.max(lo, strictHi), hi);
  }
  return flat;
}

describe('typoWordRanges', () => {
  it('finds the same words as looking up every one-edit variant, on random vocabularies', () => {
    const random = createRandom(23);
    const letters = 'abcde';
    const word = randomWords(random, letters);
    let nonEmpty = 0;
    for (let round = 0; round < 60; round++) {
      const seg = vocabulary(
        Array.from({ length: 50 + Math.floor(random() * 400) }, () => word(1 + Math.floor(random() * 8))),
      );
      for (let k = 0; k < 40; k++) {
        const term = word(4 + Math.floor(random() * 4));
        const [lo, hi] = prefixRange(seg, term);
        const found = typoWordRanges(seg, term, lo, hi);
        expect(found, term).toEqual(reference(seg, term, letters));
        if (found.length > 0) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(1_000);
  });

  it('handles a vocabulary holding the term, its head and its extensions', () => {
    const seg = vocabulary([
      'smit',
      'smith',
      'smiths',
      'smithy',
      'smth',
      'smyth',
      'simth',
      'smitt',
      'mith',
      'smiht',
      'sith',
      'zzz',
    ]);
    const [lo, hi] = prefixRange(seg, 'smith');
    expect(typoWordRanges(seg, 'smith', lo, hi)).toEqual(reference(seg, 'smith', 'hikmstyz'));
    expect(typoWordRanges(seg, 'smi', 0, 0)).toEqual([]);
  });
});
