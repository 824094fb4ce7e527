import { describe, expect, it } from 'vitest';
import {
  buildIndex,
  isSearchIndexFormatError,
  loadIndex,
  search,
  SearchIndexFormatError,
  serializeIndex,
} from './index';
import { syntheticDocs } from './testing/synthetic-docs';
import { RANKING_DOCS, shownOf } from './testing/fixtures';

/** Only strings, numbers, booleans, typed arrays, arrays and plain objects or null: what structured clone and
 * IndexedDB keep without surprises. */
function plainParts(value: unknown): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [];
  if (ArrayBuffer.isView(value)) return [];
  if (Array.isArray(value)) return value.flatMap(plainParts);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as object).flatMap(plainParts);
  }
  return [String(value)];
}

describe('serializeIndex / loadIndex', () => {
  const docs = [...RANKING_DOCS, ...syntheticDocs(2_000, 5)];
  const index = buildIndex(docs);
  const queries = [
    '1234',
    '#10050',
    'smith',
    'sarah jo',
    'elm street',
    'boiler',
    'jonhson',
    'strasse',
    'иван',
    'wellingotn',
    '1',
  ];

  it('carries a first-screen preview: the day’s jobs, else the recent ones, with display fields', () => {
    const preview = serializeIndex(index, '2025-01-01').preview!;
    expect(preview.day).toBe('2025-01-01');
    expect(preview.onDay).toBe(true); // RANKING_DOCS are dated 2025-01-01
    expect(preview.jobs.map((j) => j.uuid)).toEqual(expect.arrayContaining(RANKING_DOCS.map((d) => d.uuid)));
    expect(preview.jobs.length).toBeLessThanOrEqual(20);
    const muller = serializeIndex(buildIndex(RANKING_DOCS.filter((d) => d.uuid === 'muller')), '2030-06-06').preview!;
    expect(muller).toEqual({
      day: '2030-06-06',
      onDay: false,
      jobs: [
        {
          uuid: 'muller',
          number: '7006',
          status: 'Work Order',
          customer: 'Jürgen Müller',
          address: '5 Straße des Friedens, Berlin',
          line: shownOf(RANKING_DOCS.find((d) => d.uuid === 'muller')!).line,
          day: '2025-01-01',
        },
      ],
    });
  });

  it('is made of strings and typed arrays only', () => {
    expect(plainParts(serializeIndex(index))).toEqual([]);
  });

  it('keeps every stored string Latin-1, so V8 stores it one byte per character', () => {
    const value = serializeIndex(index);
    for (const text of [value.main.text, value.main.words, value.main.oddUuids]) {
      expect(/[^\x00-\xff]/.test(text)).toBe(false);
    }
  });

  it('round-trips through structured clone with equal results', () => {
    const loaded = loadIndex(structuredClone(serializeIndex(index)));
    for (const query of queries) expect(search(loaded, query)).toEqual(search(index, query));
  });

  it.each([
    ['null', null],
    ['another format', { format: 'other', version: 1 }],
    ['a newer version', { ...serializeIndex(index), version: 6 }],
    ['version 4 (descriptions not shown)', { ...serializeIndex(index), version: 4 }],
    ['version 3 (every job number a piece with words)', { ...serializeIndex(index), version: 3 }],
    [
      'number values that do not fit',
      { ...serializeIndex(index), main: { ...serializeIndex(index).main, numberValues: new Uint32Array(3) } },
    ],
    [
      'a number order that does not fit',
      { ...serializeIndex(index), main: { ...serializeIndex(index).main, numberOrder: new Uint32Array(3) } },
    ],
    ['version 2 (each document with its own copy of every field)', { ...serializeIndex(index), version: 2 }],
    ['version 1 (no display fields)', { ...serializeIndex(index), version: 1 }],
    [
      'missing display fields',
      { ...serializeIndex(index), main: { ...serializeIndex(index).main, display: undefined } },
    ],
    [
      'display offsets that do not fit',
      { ...serializeIndex(index), main: { ...serializeIndex(index).main, displayStarts: new Uint32Array(5) } },
    ],
    [
      'document pieces that do not fit',
      { ...serializeIndex(index), main: { ...serializeIndex(index).main, docPieces: new Uint32Array(8) } },
    ],
    [
      'uuids of the wrong length',
      { ...serializeIndex(index), main: { ...serializeIndex(index).main, uuids: new Uint8Array(3) } },
    ],
    ['a missing array', { ...serializeIndex(index), main: { ...serializeIndex(index).main, postings: undefined } }],
    [
      'inconsistent lengths',
      { ...serializeIndex(index), main: { ...serializeIndex(index).main, ranks: new Uint32Array(3) } },
    ],
    ['wrong alive flags', { ...serializeIndex(index), alive: new Uint8Array(1) }],
  ])('rejects %s with SearchIndexFormatError', (_, value) => {
    let caught: unknown;
    try {
      loadIndex(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SearchIndexFormatError);
    expect(isSearchIndexFormatError(structuredClone({ name: (caught as Error).name }))).toBe(true);
  });
});
