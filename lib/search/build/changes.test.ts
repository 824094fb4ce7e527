import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  buildIndex,
  compactIndex,
  createTypeahead,
  loadIndex,
  search,
  serializeIndex,
  type SearchDoc,
  type SearchIndex,
} from '../index';
import { syntheticDocs } from '../testing/synthetic-docs';
import { doc, RANKING_DOCS } from '../testing/fixtures';
import { countDocs } from '../format/live-docs';

const QUERIES = [
  '1234',
  'smith',
  'boiler',
  'kings road',
  'jonhson',
  'muller',
  'ashbury',
  'service',
  '70',
  'replace valve',
];

/** What the index answers, as comparable data. */
function answers(index: SearchIndex, queries = QUERIES) {
  return queries.map((q) => search(index, q, { limit: 50 }));
}

describe('applyChanges', () => {
  it('an upsert changes the ranking', () => {
    const index = buildIndex(RANKING_DOCS);
    expect(search(index, 'boiler')[0]!.uuid).toBe('number-exact');
    applyChanges(index, {
      upsert: [
        doc('jonson', {
          number: '7005',
          customer: 'Boiler Brothers',
          address: '22 Kings Road, Upton',
          description: 'Gas safety',
        }),
      ],
    });
    const results = search(index, 'boiler');
    expect(results[0]).toMatchObject({ uuid: 'jonson', matches: [{ field: 'customer', ranges: [[0, 6]] }] });
    expect(results.filter((r) => r.uuid === 'jonson')).toHaveLength(1);
    expect(search(index, 'jonson').map((r) => r.uuid)).toEqual(['johnson']); // the old name is gone
  });

  it('removed documents are never returned, by search or by a typeahead', () => {
    const index = buildIndex(RANKING_DOCS);
    const typeahead = createTypeahead(index);
    expect(typeahead.search('smith').map((r) => r.uuid)).toContain('smith-customer');
    applyChanges(index, { remove: ['smith-customer', 'number-prefix', 'no-such-uuid'] });
    for (const query of ['smith', 'smi', 'smiht', 'mary', '1234', '7001']) {
      for (const result of [...search(index, query, { limit: 100 }), ...typeahead.search(query)]) {
        expect(['smith-customer', 'number-prefix']).not.toContain(result.uuid);
      }
    }
    expect(countDocs(index)).toBe(RANKING_DOCS.length - 2);
  });

  it('new, changed and removed documents answer as a fresh build of the same documents', () => {
    const docs = RANKING_DOCS.slice();
    const index = buildIndex(docs);
    const steps: { upsert: SearchDoc[]; remove: string[] }[] = [
      {
        upsert: [doc('new-1', { number: '8001', customer: 'Nina Smith', description: 'boiler' })],
        remove: ['johnson'],
      },
      {
        upsert: [
          doc('new-1', { number: '8001', customer: 'Nina Smyth', description: 'valve' }),
          doc('muller', { number: '7006', customer: 'Ann Muller' }),
        ],
        remove: [],
      },
      { upsert: [], remove: ['new-1', 'number-exact'] },
      { upsert: [doc('number-exact', { number: '1234', customer: 'Back Again' })], remove: [] },
    ];
    let current = docs;
    for (const step of steps) {
      applyChanges(index, step);
      const gone = new Set([...step.remove, ...step.upsert.map((d) => d.uuid)]);
      current = current.filter((d) => !gone.has(d.uuid)).concat(step.upsert);
      expect(answers(index)).toEqual(answers(buildIndex(current)));
      expect(countDocs(index)).toBe(current.length);
    }
  });

  it('merges a large delta into the main segment and still answers the same', () => {
    const docs = syntheticDocs(3_000, 3);
    const index = buildIndex(docs.slice(0, 500));
    applyChanges(index, { upsert: docs.slice(500, 1_000) });
    expect(index.delta).not.toBeNull();
    applyChanges(index, { upsert: docs.slice(1_000), remove: docs.slice(0, 100).map((d) => d.uuid) });
    expect(index.delta).toBeNull(); // over 2,000 pending documents: merged
    expect(countDocs(index)).toBe(2_900);
    const queries = ['smith', 'elm street', '1050', 'boiler loft', 'jonhson'];
    expect(answers(index, queries)).toEqual(answers(buildIndex(docs.slice(100)), queries));
    compactIndex(index);
    expect(answers(index, queries)).toEqual(answers(buildIndex(docs.slice(100)), queries));
  });

  it('hundreds of changes to existing documents (a day offline) answer as a fresh build', () => {
    const docs = syntheticDocs(5_000, 4);
    const index = buildIndex(docs);
    const changed = docs
      .slice(1_000, 1_300)
      .map((d) => ({ ...d, customer: `${d.customer} Renamed`, description: 'moved valve' }));
    const removed = docs.slice(4_000, 4_150).map((d) => d.uuid);
    applyChanges(index, { upsert: changed, remove: removed });
    const gone = new Set([...removed, ...changed.map((d) => d.uuid)]);
    const current = docs.filter((d) => !gone.has(d.uuid)).concat(changed);
    expect(countDocs(index)).toBe(4_850);
    const queries = [...QUERIES, 'renamed', 'moved valve', docs[1_100]!.number, docs[4_100]!.number];
    expect(answers(index, queries)).toEqual(answers(buildIndex(current), queries));
    // Changed again: the delta's copies are the ones replaced now.
    applyChanges(index, { upsert: changed.slice(0, 100).map((d) => ({ ...d, customer: 'Third Time' })) });
    expect(search(index, 'third time', { limit: 200 })).toHaveLength(100);
    expect(countDocs(index)).toBe(4_850);
  });

  it('finds the document to replace by its whole uuid, not a uuid that contains it', () => {
    const index = buildIndex([
      doc('ab', { customer: 'First Ann' }),
      doc('b', { customer: 'Second Ann' }),
      doc('abc', { customer: 'Third Ann' }),
    ]);
    applyChanges(index, { remove: ['b'] });
    applyChanges(index, { upsert: [doc('ab', { customer: 'First Bea' })] });
    expect(search(index, 'ann').map((r) => r.uuid)).toEqual(['abc']);
    expect(search(index, 'bea').map((r) => r.uuid)).toEqual(['ab']);
    applyChanges(index, { upsert: [doc('ab', { customer: 'First Cy' })] }); // replaces the delta copy
    expect(search(index, 'bea')).toEqual([]);
    expect(countDocs(index)).toBe(2);
  });

  it('the serialized form round-trips after changes', () => {
    const index = buildIndex(RANKING_DOCS);
    applyChanges(index, {
      upsert: [doc('late', { number: '9999', customer: 'Late Smith' })],
      remove: ['smith-address'],
    });
    const loaded = loadIndex(structuredClone(serializeIndex(index)));
    expect(answers(loaded)).toEqual(answers(index));
    applyChanges(loaded, { remove: ['late'] });
    expect(search(loaded, 'late').map((r) => r.uuid)).not.toContain('late');
    expect(search(index, 'late').map((r) => r.uuid)[0]).toBe('late'); // the original is untouched
  });
});
