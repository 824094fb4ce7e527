import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  buildIndex,
  compactIndex,
  createIndexBuilder,
  createTypeahead,
  displayOf,
  loadIndex,
  search,
  serializeIndex,
  type SearchDoc,
  type SearchIndex,
} from '../index';
import { foldText } from '../format/normalize';
import { canonicalNumber, NO_NUMBER } from '../format/number-column';
import { typoNumberValues } from './number-typos';
import { EXACT_SCORES, PREFIX_SCORES, resultPart, TYPO_SCORES } from '../format/scores';
import { expectSameSegment, referenceIndex } from '../testing/segment-checks';
import { createRandom } from '../testing/synthetic-docs';
import { doc } from '../testing/fixtures';
import { typoPrefixLength, typoVariants } from '../format/typo';

/** The number field's score as the words path gave it (every number a piece with words): the rule
 * the number column must keep. */
function numberScore(number: string, term: string): number {
  const words = foldText(number).text.split(' ').filter(Boolean);
  if (words.includes(term)) return EXACT_SCORES[0];
  if (words.some((w) => w.startsWith(term))) return PREFIX_SCORES[0];
  if (words.some((w) => typoPrefixLength(w, 0, w.length, term) > 0)) return TYPO_SCORES[0];
  return 0;
}

const ODD = ['0042', '01', 'J-17', 'ẞ-17', '', '4294967295', '12345678901', '１２３', '12 34', '00'];
const CANONICAL = [
  '0',
  '1',
  '2',
  '5',
  '9',
  '10',
  '12',
  '19',
  '25',
  '99',
  '100',
  '123',
  '199',
  '1000',
  '1234',
  '1243',
  '12345',
  '12354',
  '21345',
  '99999',
  '100000',
  '1234567',
  '1000000000',
  '4294967294',
];

/** Canonical and odd numbers, some twice, in shuffled order, plus random ones. */
function numberDocs(): SearchDoc[] {
  const random = createRandom(3);
  const numbers = [...CANONICAL, ...ODD, '1234', '12', 'J-17'];
  for (let i = 0; i < 400; i++) numbers.push(String(Math.floor(random() * 10 ** (1 + Math.floor(random() * 7)))));
  for (let i = numbers.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [numbers[i], numbers[j]] = [numbers[j]!, numbers[i]!];
  }
  return numbers.map((number, i) => doc(`n${i}`, { number, customer: i % 7 === 0 ? 'Rare Name' : 'Common Name' }));
}

const TERMS = [
  '0',
  '1',
  '2',
  '9',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '4294967294',
  '42949672945',
  '429496729',
  '1000000000',
  '100',
  '00',
  '01',
  '0042',
  '004',
  '17',
  'j',
  '1243',
  '2134',
  '12435',
  '21345',
  '1235',
  '13245',
  '12a45',
  '1a2b3',
  'x1234',
  '99990',
  '9999',
];

/** Every result of `query`, by uuid, with its score. */
function scores(index: SearchIndex, query: string): Map<string, number> {
  return new Map(search(index, query, { limit: 10_000 }).map((r) => [r.uuid, r.score]));
}

describe('job numbers as values', () => {
  const docs = numberDocs();
  const index = buildIndex(docs);

  it('keeps canonical decimals (digits, no leading zero, below 2^32 - 1) as values and the rest as pieces', () => {
    for (const n of CANONICAL) expect(canonicalNumber(n), n).toBe(Number(n));
    for (const n of ODD) expect(canonicalNumber(n), n).toBe(NO_NUMBER);
    const main = index.main;
    const odd = docs.filter((d) => canonicalNumber(d.number) === NO_NUMBER);
    expect(main.oddNumberDocs.length).toBe(odd.length);
    expect(main.numberOrder.length).toBe(docs.length - odd.length); // shuffled: not document order
    for (const d of docs) expect(displayOf(index, d.uuid)?.number).toBe(d.number);
    // No words for them: only the odd numbers (and the customers) have words.
    expect(main.words).not.toContain('4294967294');
    expect(main.words).toContain('0042');
  });

  it('finds exact, prefix and one-typo numbers as the words did, across digit lengths', () => {
    for (const term of TERMS) {
      const expected = new Map<string, number>();
      for (const d of docs) {
        const score = numberScore(d.number, term);
        if (score > 0) expected.set(d.uuid, resultPart(score));
      }
      expect(scores(index, term), term).toEqual(expected);
    }
    // "1" finds 1, 10-19, 100-199… (and 1 first); "0" finds 0, and the odd numbers that start with 0.
    const one = search(index, '1', { limit: 10_000 });
    expect(one[0]!.display.number).toBe('1');
    expect(new Set(one.map((r) => r.display.number))).toEqual(
      new Set(
        docs
          .map((d) => d.number)
          .filter((n) =>
            foldText(n)
              .text.split(' ')
              .some((w) => w.startsWith('1')),
          ),
      ),
    );
    expect(new Set(search(index, '0', { limit: 100 }).map((r) => r.display.number))).toEqual(
      new Set(['0', '0042', '01', '00']),
    );
  });

  it('answers the same while typing, narrowing by another word, and after a store and load', () => {
    const loaded = loadIndex(structuredClone(serializeIndex(index)));
    for (const term of TERMS) {
      for (const query of [term, `rare ${term}`, `${term} common`, `#${term}`]) {
        const typeahead = createTypeahead(index);
        for (let k = 1; k <= query.length; k++)
          expect(typeahead.search(query.slice(0, k)), query.slice(0, k)).toEqual(search(index, query.slice(0, k)));
        expect(search(loaded, query, { limit: 500 })).toEqual(search(index, query, { limit: 500 }));
      }
      const rare = new Map<string, number>();
      for (const d of docs) {
        const score = numberScore(d.number, term);
        if (score > 0 && d.customer === 'Rare Name') rare.set(d.uuid, resultPart(EXACT_SCORES[1]) + resultPart(score));
      }
      expect(scores(index, `rare ${term}`), term).toEqual(rare);
    }
  });

  it('marks the matched digits of a number', () => {
    const marked = (query: string, number: string) =>
      search(index, query, { limit: 10_000 }).find((r) => r.display.number === number)?.matches;
    expect(marked('12', '12345')).toEqual([{ field: 'number', ranges: [[0, 2]] }]);
    expect(marked('1234', '1234')).toEqual([{ field: 'number', ranges: [[0, 4]] }]);
    expect(marked('12435', '12345')).toEqual([{ field: 'number', ranges: [[0, 5]] }]);
    expect(marked('1235', '12354')).toEqual([{ field: 'number', ranges: [[0, 4]] }]);
    expect(marked('17', 'J-17')).toEqual([{ field: 'number', ranges: [[2, 4]] }]);
  });

  it('still finds digits in the other fields', () => {
    const withAddress = buildIndex([
      doc('a', { number: '77', address: '12 Elm St' }),
      doc('b', { number: '12', address: 'Oak Rd' }),
    ]);
    expect(search(withAddress, '12').map((r) => [r.uuid, r.matches[0]!.field])).toEqual([
      ['b', 'number'],
      ['a', 'address'],
    ]);
  });
});

describe('one-typo variants of a number', () => {
  it('are the all-digit, canonical variants of typo.ts, each once', () => {
    const random = createRandom(9);
    const terms = ['1234', '1111', '12a4', '0123', '12345678901', '1a2b3', 'abcd', '4294967294', '10000'];
    for (let i = 0; i < 40; i++) terms.push(String(Math.floor(random() * 10 ** (4 + Math.floor(random() * 6)))));
    for (const term of terms) {
      const expected = typoVariants(term, '0123456789ab')
        .filter((v) => canonicalNumber(v) !== NO_NUMBER && v.length >= 4)
        .map(Number)
        .sort((a, b) => a - b);
      expect([...typoNumberValues(term)], term).toEqual([...new Set(expected)]);
    }
  });
});

describe('job numbers through changes', () => {
  const base = numberDocs().slice(0, 200);
  const answers = (index: SearchIndex) =>
    ['1', '12', '1234', '0', '0042', 'j 17', '12435', '555555', '5555', '7777777', 'rare 1'].map((q) =>
      search(index, q, { limit: 300 }),
    );

  it('a number added, changed or removed by a delta, a merge or a compaction answers as a fresh build', () => {
    const index = buildIndex(base);
    const live = new Map(base.map((d) => [d.uuid, d]));
    const step = (upsert: SearchDoc[], remove: string[]) => {
      applyChanges(index, { upsert, remove });
      for (const uuid of remove) live.delete(uuid);
      for (const d of upsert) {
        live.delete(d.uuid);
        live.set(d.uuid, d);
      }
      expect(answers(index)).toEqual(answers(buildIndex([...live.values()])));
    };
    step([doc('new', { number: '555555', customer: 'Rare Name' }), doc('odd-new', { number: 'A-0042' })], []);
    expect(search(index, '555555')[0]?.uuid).toBe('new');
    step(
      [{ ...base[3]!, number: '7777777' }, { ...base[4]!, number: 'J-17' }, doc('new', { number: '5555' })],
      [base[5]!.uuid],
    );
    expect(search(index, '555555')).toEqual([]);
    expect(search(index, base[5]!.number, { limit: 300 }).map((r) => r.uuid)).not.toContain(base[5]!.uuid);
    // Past the merge threshold: the delta is merged into the main segment.
    step(
      Array.from({ length: 2_100 }, (_, i) => doc(`bulk${i}`, { number: String(900_000 - i) })),
      [base[6]!.uuid],
    );
    expect(index.delta).toBeNull();
    step([doc('after-merge', { number: '1234', customer: 'Rare Name' })], []);
    compactIndex(index);
    expect(answers(index)).toEqual(answers(buildIndex([...live.values()])));
    expectSameSegment(index.main, referenceIndex([...live.values()]).main);
  });

  it('the page-by-page builder, with replaced and removed documents, lays numbers out as a fresh build', () => {
    const builder = createIndexBuilder();
    builder.add(base.slice(0, 120));
    builder.add([...base.slice(120), { ...base[7]!, number: '0042' }, { ...base[8]!, number: '31337' }]);
    builder.remove(base[9]!.uuid);
    builder.remove(base[10]!.uuid);
    const index = builder.finish();
    const live = base
      .filter((_, i) => i !== 7 && i !== 8 && i !== 9 && i !== 10)
      .concat([
        { ...base[7]!, number: '0042' },
        { ...base[8]!, number: '31337' },
      ]);
    expectSameSegment(index.main, referenceIndex(live).main);
    expect(search(index, '31337')[0]?.uuid).toBe(base[8]!.uuid);
  });

  it('stores no number order when the numbers ascend in document order', () => {
    const ascending = buildIndex(Array.from({ length: 50 }, (_, i) => doc(`a${i}`, { number: String(1000 + i) })));
    expect(ascending.main.numberOrder.length).toBe(0);
    expect(search(ascending, '104').map((r) => r.display.number)).toEqual([
      '1040',
      '1041',
      '1042',
      '1043',
      '1044',
      '1045',
      '1046',
      '1047',
      '1048',
      '1049',
    ]);
    expect(search(ascending, '1049')[0]).toMatchObject({ uuid: 'a49', score: resultPart(EXACT_SCORES[0]) });
    // One typo: 1049 (swap), 1004, 1014… (substitution).
    expect(search(ascending, '1094').map((r) => r.display.number)).toEqual([
      '1004',
      '1014',
      '1024',
      '1034',
      '1044',
      '1049',
    ]);
  });
});

describe('number order', () => {
  it('orders by number, then by document, small (a delta) or large (radix passes)', () => {
    const random = createRandom(12);
    for (const size of [5, 255, 256, 3_000]) {
      const numbers = Array.from({ length: size }, () =>
        String(Math.floor(random() * (random() < 0.5 ? 300 : 4_294_967_295))),
      );
      const docs = numbers.map((number, i) => doc(`d${i}`, { number: i % 11 === 0 ? `J-${number}` : number }));
      const main = buildIndex(docs).main;
      const expected = docs
        .map((d, i) => ({ i, value: canonicalNumber(d.number) }))
        .filter((e) => e.value !== NO_NUMBER)
        .sort((a, b) => a.value - b.value || a.i - b.i)
        .map((e) => e.i);
      expect([...main.numberOrder], String(size)).toEqual(expected);
    }
  });
});
