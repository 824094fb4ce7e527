import { describe, expect, it } from 'vitest';
import { buildIndex, search } from '../index';
import { RANKING_DOCS } from '../testing/fixtures';

const index = buildIndex(RANKING_DOCS);
const uuids = (query: string, limit = 20): string[] => search(index, query, { limit }).map((r) => r.uuid);

describe('ranking', () => {
  it.each([
    // number exact > number prefix > customer > address > description > typo neighbour of the number
    ['1234', ['number-exact', 'number-prefix', 'customer-1234', 'address-1234', 'description-1234', 'number-typo']],
    ['#1234', ['number-exact', 'number-prefix', 'customer-1234', 'address-1234', 'description-1234', 'number-typo']],
    // the exact number wins over the edit-distance neighbours it has
    ['1243', ['number-typo', 'number-exact', 'number-prefix', 'customer-1234', 'address-1234', 'description-1234']],
    ['smith', ['number-prefix', 'smith-customer', 'smith-address', 'smith-description']],
    // several words narrow the results (AND)
    ['smith foxton', ['smith-customer', 'smith-address', 'smith-description']],
    ['boiler upton', ['johnson', 'jonson']],
    ['service riverton', ['number-exact']],
    ['mary elm boiler', ['smith-customer']],
    ['smith zzz', []],
    // a typo finds the intended job, and ranks below an exact match
    ['jonhson', ['johnson', 'jonson']],
    ['johnson', ['johnson', 'jonson']],
    ['jonson', ['jonson', 'johnson']],
    ['sarah jonhson', ['johnson']],
    // no typos for words under 4 letters
    ['mray', ['smith-customer']],
    ['tmo', []],
    // case and accents
    ['MÜLLER', ['muller']],
    ['muller', ['muller']],
    ['strasse', ['muller']],
    ['jose garcia', ['jose']],
    ['JOSÉ', ['jose']],
    ['renee', ['decomposed']],
    ['renée', ['decomposed']],
    ['иван', ['cyrillic']],
    ['ИВАН петр', ['cyrillic']],
    ['', []],
    ['  #  ', []],
  ])('%j → %j', (query, expected) => {
    expect(uuids(query)).toEqual(expected);
  });

  it('scores fall as the ranking goes down, and typo matches score below exact ones', () => {
    const results = search(index, '1234');
    const scores = results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(scores).size).toBe(scores.length);
  });

  it('breaks ties by open jobs first, then the newest', () => {
    const ties = buildIndex([
      {
        uuid: 'old-open',
        number: '1',
        status: 'Work Order',
        customer: 'Ann',
        address: '',
        description: '',
        date: '2024-01-01 00:00:00',
      },
      {
        uuid: 'new-closed',
        number: '2',
        status: 'Completed',
        customer: 'Ann',
        address: '',
        description: '',
        date: '2025-06-01 00:00:00',
      },
      {
        uuid: 'new-open',
        number: '3',
        status: 'Quote',
        customer: 'Ann',
        address: '',
        description: '',
        date: '2025-05-01 00:00:00',
      },
      {
        uuid: 'no-date',
        number: '4',
        status: 'Quote',
        customer: 'Ann',
        address: '',
        description: '',
        date: '0000-00-00 00:00:00',
      },
    ]);
    expect(search(ties, 'ann').map((r) => r.uuid)).toEqual(['new-open', 'old-open', 'no-date', 'new-closed']);
  });

  it('finds documents far apart in a large index (posting gaps of 1, 2 and 3 bytes)', () => {
    const far = buildIndex(
      Array.from({ length: 40_000 }, (_, i) => ({
        uuid: `u${i}`,
        number: `${i + 1}`,
        status: 'Quote',
        date: `2025-01-01`,
        customer: [0, 100, 20_000, 39_999].includes(i) ? 'Rare Name' : 'Common Name',
        address: '',
        description: '',
      })),
    );
    expect(search(far, 'rare').map((r) => r.uuid)).toEqual(['u0', 'u100', 'u20000', 'u39999']);
    expect(search(far, 'rare name').map((r) => r.uuid)).toEqual(['u0', 'u100', 'u20000', 'u39999']);
    expect(search(far, '39999 rare').map((r) => r.uuid)).toEqual([]);
    expect(search(far, '40000 rare').map((r) => r.uuid)).toEqual(['u39999']);
  });

  it('returns at most `limit` results, 20 by default', () => {
    const many = buildIndex(
      Array.from({ length: 50 }, (_, i) => ({
        uuid: `u${i}`,
        number: `${100 + i}`,
        status: 'Quote',
        customer: 'Same Name',
        address: '',
        description: '',
      })),
    );
    expect(search(many, 'same')).toHaveLength(20);
    expect(search(many, 'same', { limit: 5 })).toHaveLength(5);
    expect(search(many, '1', { limit: 50 })).toHaveLength(50);
  });
});

describe('matched parts', () => {
  const ranges = (query: string, uuid: string) =>
    search(index, query, { limit: 50 }).find((r) => r.uuid === uuid)?.matches;

  it.each([
    ['1234', 'number-exact', [{ field: 'number', ranges: [[0, 4]] }]],
    ['123', 'number-prefix', [{ field: 'number', ranges: [[0, 3]] }]],
    ['#1234', 'address-1234', [{ field: 'address', ranges: [[0, 4]] }]],
    [
      'smi bob',
      'number-prefix',
      [
        {
          field: 'customer',
          ranges: [
            [0, 3],
            [4, 7],
          ],
        },
      ],
    ],
    [
      'service boiler',
      'smith-customer',
      [
        {
          field: 'description',
          ranges: [
            [0, 7],
            [8, 14],
          ],
        },
      ],
    ],
    [
      'mary smith foxton',
      'smith-customer',
      [
        {
          field: 'customer',
          ranges: [
            [0, 4],
            [5, 10],
          ],
        },
        { field: 'address', ranges: [[13, 19]] },
      ],
    ],
    ['jonhson', 'johnson', [{ field: 'customer', ranges: [[6, 13]] }]],
    ['muller', 'muller', [{ field: 'customer', ranges: [[7, 13]] }]],
    // ß folds to two letters: the range still covers the original "Straße"
    ['strasse', 'muller', [{ field: 'address', ranges: [[2, 8]] }]],
    ['stras', 'muller', [{ field: 'address', ranges: [[2, 7]] }]],
    ['cafe', 'jose', [{ field: 'address', ranges: [[3, 7]] }]],
    // a decomposed accent (e + U+0301) belongs to the letter before it
    ['renee', 'decomposed', [{ field: 'customer', ranges: [[0, 6]] }]],
    ['петров', 'cyrillic', [{ field: 'customer', ranges: [[5, 11]] }]],
  ])('%j in %s', (query, uuid, expected) => {
    expect(ranges(query, uuid)).toEqual(expected);
  });

  it('ranges point at the typed text in the original field', () => {
    for (const query of ['smith', 'road', 'boil', 'kings', 'ashb']) {
      for (const result of search(index, query, { limit: 50 })) {
        const source = RANKING_DOCS.find((d) => d.uuid === result.uuid)!;
        for (const match of result.matches) {
          for (const [start, end] of match.ranges) {
            expect(source[match.field].slice(start, end).toLowerCase()).toBe(query);
          }
        }
      }
    }
  });
});
