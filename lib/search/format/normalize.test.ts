import { describe, expect, it } from 'vitest';
import { foldText, queryTerms } from './normalize';
import { createRandom, randomWords } from '../testing/synthetic-docs';
import { typoPrefixLength, typoVariants } from './typo';

describe('foldText', () => {
  it.each([
    ['Acme Ltd.', 'acme ltd ', null],
    ['Ärger Öl Ça', 'arger ol ca', null],
    ['Straße', 'strasse', [0, 1, 2, 3, 4, 4, 5, 6]],
    ['e\u0301x', 'ex', [0, 2, 3]],
    ['Œuvre', 'oeuvre', [0, 0, 1, 2, 3, 4, 5]],
  ])('%j → %j', (input, text, map) => {
    const folded = foldText(input);
    expect(folded.text).toBe(text);
    expect(folded.map === null ? null : [...folded.map]).toEqual(map);
  });

  it('keeps non-Latin letters searchable as Latin-1 bytes', () => {
    const folded = foldText('Иван 東京');
    expect(/[^\x00-\xff]/.test(folded.text)).toBe(false);
    expect(foldText('иван').text).toBe(folded.text.split(' ')[0]);
    expect(folded.map).not.toBeNull();
  });

  it('splits a query into folded words, ignoring # and punctuation', () => {
    expect(queryTerms('  #1234, Smith-Jones  Café ')).toEqual(['1234', 'smith', 'jones', 'cafe']);
  });
});

describe('one-typo matching', () => {
  /** Reference: some prefix of `word`, 4+ long, is one edit (incl. a swap) from `term`. */
  function reference(term: string, word: string): boolean {
    if (term.length < 4 || word.startsWith(term)) return false;
    return typoVariants(term, 'abcdefghijklmnopqrstuvwxyz').some((v) => word.startsWith(v));
  }

  it('checking a word agrees with looking its variants up, on random words', () => {
    const random = createRandom(17);
    const word = randomWords(random, 'abcde');
    let matches = 0;
    for (let i = 0; i < 4_000; i++) {
      const term = word(3 + Math.floor(random() * 4));
      const other =
        random() < 0.5 ? word(2 + Math.floor(random() * 7)) : term.slice(0, 2) + word(3 + Math.floor(random() * 4));
      const checked = typoPrefixLength(other, 0, other.length, term) > 0 && !other.startsWith(term);
      expect(checked, `${term} ~ ${other}`).toBe(reference(term, other));
      if (checked) matches++;
    }
    expect(matches).toBeGreaterThan(100);
  });

  it.each([
    ['smiht', 'smith', 5],
    ['smth', 'smith', 5],
    ['smitth', 'smith', 5],
    ['jonhson', 'johnsons', 7],
    ['smi', 'smo', 0],
    ['abcd', 'wxyz', 0],
  ])('%s ~ %s: prefix of length %i', (term, word, length) => {
    expect(typoPrefixLength(word, 0, word.length, term)).toBe(length);
  });
});
