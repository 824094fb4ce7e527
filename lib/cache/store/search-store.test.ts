import { describe, expect, it } from 'vitest';
import { displayOf, search } from '../../search';
import { loadSearchIndex, rebuildSearchIndex } from './search-store';
import { readStoredIndex } from './search-parts';
import { freshCache, makeCompany, makeJob, range, uuidOf } from '../testing/fixtures';

/** A cache of 50 jobs whose stored index is put back as an older `version` without `dropped` main columns. */
async function cacheWithOlderIndex(version: number, dropped: readonly string[]) {
  const cache = await freshCache();
  await cache.write({ jobs: range(0, 50).map((n) => makeJob(n)), companies: [makeCompany(2, { name: 'Zoë Müller' })] });
  await rebuildSearchIndex(cache);
  const stored = (await readStoredIndex(cache.db))!;
  const oldMain = Object.fromEntries(Object.entries(stored.main).filter(([key]) => !dropped.includes(key)));
  const { main: _main, ...oldRest } = stored;
  await cache.db.put('search', { ...oldRest, version } as never, 'index');
  await cache.db.put('searchMain', oldMain as never, 'main');
  return { cache, current: stored.version };
}

describe('loadSearchIndex', () => {
  it('rebuilds and stores the index when the stored one is of the older format (no display fields)', async () => {
    const { cache, current } = await cacheWithOlderIndex(1, ['display', 'displayStarts', 'displayUtf8']);
    const index = await loadSearchIndex(cache);
    expect(displayOf(index, uuidOf('job', 2))).toEqual({
      number: '1002',
      status: 'Work Order',
      customer: 'Zoë Müller',
      address: '2 Elm Street',
      line: 'Job 2',
      day: '2026-02-03',
    });
    expect((await readStoredIndex(cache.db))?.version).toBe(current); // rebuilt in the current format
    cache.close();
  });

  it('rebuilds and stores the index when the stored one is of version 3 (every job number a piece with words)', async () => {
    const { cache } = await cacheWithOlderIndex(3, ['numberValues', 'numberOrder', 'oddNumberDocs']);
    const index = await loadSearchIndex(cache);
    expect(displayOf(index, uuidOf('job', 2))?.number).toBe('1002');
    expect(search(index, '1002')[0]?.uuid).toBe(uuidOf('job', 2));
    const rebuilt = (await readStoredIndex(cache.db))!;
    expect(rebuilt.version).toBe(5);
    expect(rebuilt.main.numberValues.length).toBe(50);
    cache.close();
  });
});
