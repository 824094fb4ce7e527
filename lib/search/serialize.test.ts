import { describe, expect, it } from 'vitest';
import { buildIndex, isSearchIndexFormatError, loadIndex, search, SearchIndexFormatError, serializeIndex } from './index';
import { syntheticDocs } from './synthetic-docs';
import { RANKING_DOCS } from './test-fixtures';

/** Only strings, numbers, typed arrays and plain objects or null: what structured clone and
 * IndexedDB keep without surprises. */
function plainParts(value: unknown): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'number') return [];
  if (ArrayBuffer.isView(value)) return [];
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as object).flatMap(plainParts);
  }
  return [String(value)];
}

describe('serializeIndex / loadIndex', () => {
  const docs = [...RANKING_DOCS, ...syntheticDocs(2_000, 5)];
  const index = buildIndex(docs);
  const queries = ['1234', '#10050', 'smith', 'sarah jo', 'elm street', 'boiler', 'jonhson', 'strasse', 'иван', 'wellingotn', '1'];

  it('is made of strings and typed arrays only', () => {
    expect(plainParts(serializeIndex(index))).toEqual([]);
  });

  it('keeps every stored string Latin-1, so V8 stores it one byte per character', () => {
    const value = serializeIndex(index);
    for (const text of [value.main.text, value.main.words, value.main.uuids]) {
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
    ['a newer version', { ...serializeIndex(index), version: 2 }],
    ['a missing array', { ...serializeIndex(index), main: { ...serializeIndex(index).main, postings: undefined } }],
    ['inconsistent lengths', { ...serializeIndex(index), main: { ...serializeIndex(index).main, ranks: new Uint32Array(3) } }],
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
