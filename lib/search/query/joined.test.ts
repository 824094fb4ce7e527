import { describe, expect, it } from 'vitest';
import { applyChanges, buildIndex, createTypeahead, search, type SearchDoc } from '../index';
import { doc } from '../testing/fixtures';
import { foldedWords, foldingCase } from '../testing/folding-docs';
import { uuidOf } from '../format/index-state';
import { joinedPairs, startJoined } from './joined';

const STREETS = ['Road', 'Street', 'Way', 'Drive', 'Lane'];

/** As in the search bench: 25 jobs numbered 56xx on South streets (newer than the one at the house,
 * so no tie-break favours it), and one job at 56 South Terrace whose number has nothing of 56. */
const SOUTH_STREETS: SearchDoc[] = [
  ...Array.from({ length: 25 }, (_, i) =>
    doc(`56${50 + i}`, {
      number: `56${50 + i}`,
      customer: `Customer ${i}`,
      address: `${100 + i} South ${STREETS[i % STREETS.length]}, Ilkley`,
      description: 'Service boiler',
      date: '2025-06-01',
    }),
  ),
  doc('house-56', {
    number: '4927',
    customer: 'Bluebell Landscaping & Sons',
    address: '56 South Terrace, Ilkley',
    description: 'Repair heat pump',
    date: '2024-01-25',
  }),
];

const uuids = (docs: SearchDoc[], query: string, limit = 20): string[] =>
  search(buildIndex(docs), query, { limit }).map((r) => r.uuid);

describe('neighbouring query words side by side in one field', () => {
  it.each(['56 soutnh', '56 south', '56 sou', '56 south terrace'])(
    '%j: the job at that house first, above job numbers starting with 56',
    (query) => {
      expect(uuids(SOUTH_STREETS, query)[0]).toBe('house-56');
    },
  );

  it('gives the same answer while typing as a fresh search', () => {
    const index = buildIndex(SOUTH_STREETS);
    const typeahead = createTypeahead(index);
    const query = '56 soutnh';
    for (let k = 1; k <= query.length; k++) {
      const typed = query.slice(0, k);
      expect(typeahead.search(typed), typed).toEqual(search(index, typed));
    }
    expect(typeahead.search(query)[0]!.uuid).toBe('house-56');
  });

  it('counts the words in the order typed, in one field', () => {
    const docs = [
      ...SOUTH_STREETS,
      // 56 and south in two fields, and in reverse order: neither is a house number before its street
      doc('apart', { number: '7001', customer: 'South Trading', address: '56 High Street' }),
      doc('reversed', { number: '7002', address: 'South Court 56, Ilkley' }),
    ];
    const found = uuids(docs, '56 south', 50);
    expect(found[0]).toBe('house-56');
    expect(found.indexOf('apart')).toBeGreaterThan(found.indexOf('5650'));
    expect(found.indexOf('reversed')).toBeGreaterThan(found.indexOf('5650'));
  });

  it('puts a job whose number and house number both start with the typed number above either alone', () => {
    const docs = [
      ...SOUTH_STREETS,
      doc('both', { number: '5699', address: '56 South Road, Ilkley', date: '2020-01-01' }),
    ];
    expect(uuids(docs, '56 south').slice(0, 2)).toEqual(['both', 'house-56']);
  });

  it('leaves a query of one word as it was: job numbers starting with it first', () => {
    const found = uuids(SOUTH_STREETS, '56');
    expect(found).toHaveLength(20);
    expect(found.every((uuid) => uuid.startsWith('56'))).toBe(true);
  });

  it('finds the house in a change applied after the build (the delta segment)', () => {
    const index = buildIndex(SOUTH_STREETS.filter((d) => d.uuid !== 'house-56'));
    const changed = applyChanges(index, { upsert: [SOUTH_STREETS.at(-1)!], remove: [] });
    expect(changed.delta).not.toBeNull();
    expect(search(changed, '56 soutnh')[0]!.uuid).toBe('house-56');
  });
});

describe('a job number typed whole', () => {
  const docs = [
    ...SOUTH_STREETS,
    doc('job-5612', { number: '5612', customer: 'Ann Lee', address: '3 South Road, Ilkley', date: '2020-01-01' }),
    // the typed number as a house number, before the typed street: side by side, yet not the job asked for
    doc('house-5612', { number: '8001', address: '5612 South Terrace, Ilkley' }),
    doc('both-5612', { number: '56123', address: '5612 South Street, Ilkley' }),
  ];

  it('still ranks that job first, above the same number as a house number before the street', () => {
    expect(uuids(docs, '5612 south').slice(0, 3)).toEqual(['job-5612', 'both-5612', 'house-5612']);
    expect(uuids(docs, '5612 soutnh')[0]).toBe('job-5612');
    expect(uuids(docs, '5612')[0]).toBe('job-5612');
  });
});

describe('the words side by side, found by string search', () => {
  /** What a pair is, read plainly: word i starts with term t and word i + 1 with term t + 1, in one field. */
  function expectedPairs(fields: string[][], terms: string[]): number {
    let pairs = 0;
    for (const words of fields)
      for (let i = 0; i + 1 < words.length; i++)
        for (let t = 0; t + 1 < terms.length; t++)
          if (words[i]!.startsWith(terms[t]!) && words[i + 1]!.startsWith(terms[t + 1]!)) pairs |= 1 << t;
    let count = 0;
    for (let b = pairs; b !== 0; b &= b - 1) count++;
    return count;
  }

  it('agrees with reading each word, over 300 made-up jobs and 200 queries', () => {
    const { docs, queries } = foldingCase(5, 300, 200);
    const index = buildIndex(docs);
    let withPairs = 0;
    const wrong: string[] = [];
    for (const terms of queries) {
      startJoined(index, terms);
      docs.forEach((job, d) => {
        const expected = expectedPairs(foldedWords(job), terms);
        const found = joinedPairs(index, d, false, 0);
        if (found !== expected || uuidOf(index, d) !== job.uuid)
          wrong.push(`${terms.join(' ')} in ${foldedWords(job).join(' | ')}: ${found}, not ${expected}`);
        if (expected > 0) withPairs++;
      });
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(withPairs).toBeGreaterThan(1_000);
  });
});
