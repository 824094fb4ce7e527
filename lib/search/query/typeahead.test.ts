import { describe, expect, it } from 'vitest';
import { applyChanges, buildIndex, createTypeahead, search } from '../index';
import { createRandom, syntheticDocs } from '../testing/synthetic-docs';
import { benchQueries } from '../testing/synthetic-queries';

describe('createTypeahead', () => {
  const docs = syntheticDocs(4_000, 11);
  const index = buildIndex(docs);
  const queries = benchQueries(docs, createRandom(3));

  it('answers every keystroke exactly as a fresh search would', () => {
    let keystrokes = 0;
    for (const query of queries) {
      const typeahead = createTypeahead(index);
      for (let k = 1; k <= query.text.length; k++) {
        const typed = query.text.slice(0, k);
        expect(typeahead.search(typed), typed).toEqual(search(index, typed));
        keystrokes++;
      }
    }
    expect(keystrokes).toBeGreaterThan(1_000);
  }, 60_000); // ~4,000 searches: seconds on a busy 2-core machine

  it('follows backspace, edits in the middle and a changed limit', () => {
    const typeahead = createTypeahead(index);
    for (const typed of ['smith', 'smit', 'smith e', 'smith', 'smyth', 'jones elm', 'jon elm', 'jones elm st', '']) {
      expect(typeahead.search(typed), typed).toEqual(search(index, typed));
    }
    expect(typeahead.search('smith', { limit: 5 })).toEqual(search(index, 'smith', { limit: 5 }));
  });

  it('keeps its candidates apart from other typeaheads and one-off searches on the same index', () => {
    // Searches work in arrays shared per index; a typeahead's kept candidates must be its own.
    const a = createTypeahead(index);
    const b = createTypeahead(index);
    const typedA = ['s', 'sm', 'smi', 'smit', 'smith', 'smith ', 'smith e', 'smith el', 'smith elm'];
    const typedB = ['1', '12', 'j', 'jo', 'jon', 'jone', 'jones', 'jones s', 'jones st'];
    typedA.forEach((typed, i) => {
      expect(a.search(typed), typed).toEqual(search(index, typed));
      expect(b.search(typedB[i]!), typedB[i]).toEqual(search(index, typedB[i]!));
      search(index, 'boiler service');
    });
  });

  it('finds the intended job of every typo query', () => {
    const typos = queries.filter((q) => q.intended !== undefined);
    expect(typos).toHaveLength(40);
    const found = typos.filter((q) =>
      createTypeahead(index)
        .search(q.text)
        .some((r) => r.uuid === q.intended),
    );
    expect(found.map((q) => q.text)).toEqual(typos.map((q) => q.text));
  });

  it('sees changes made to the index after it was created', () => {
    const own = buildIndex(docs.slice(0, 200));
    const typeahead = createTypeahead(own);
    expect(typeahead.search('zebedee')).toEqual([]);
    applyChanges(own, { upsert: [{ ...docs[0]!, customer: 'Zebedee Spring' }] });
    expect(typeahead.search('zebedee').map((r) => r.uuid)).toEqual([docs[0]!.uuid]);
  });
});
