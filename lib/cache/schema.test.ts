import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { search } from '../search';
import { openJobCache } from './job-cache';
import { companyChunk, jobChunk } from './lookup';
import { cacheDbName, deleteAccountCaches, deleteCache, openCacheDb, upgradeSchema, type CacheDB } from './schema';
import { loadSearchIndex } from './search-store';
import { makeCompany, makeJob, range, uuidOf } from './test-fixtures';

describe('database per account and staff member', () => {
  it('names one database per account and staff member', () => {
    const account = 'AAAAAAAA-0000-4000-8000-000000000001';
    expect(cacheDbName(account, 'all')).toBe('fieldside-cache:aaaaaaaa-0000-4000-8000-000000000001:all');
    expect(cacheDbName(account, uuidOf('job', 1))).not.toBe(cacheDbName(account, uuidOf('job', 2)));
    expect(cacheDbName(account, uuidOf('job', 1))).not.toBe(cacheDbName(uuidOf('company', 9), uuidOf('job', 1)));
  });

  it('keeps the caches of two staff members apart and deletes them on sign-out', async () => {
    const account = uuidOf('company', 77);
    const tech = await openJobCache(await openCacheDb(cacheDbName(account, uuidOf('job', 1))));
    const office = await openJobCache(await openCacheDb(cacheDbName(account, 'all')));
    await tech.write({ jobs: [makeJob(1)] });
    await office.write({ jobs: range(0, 5).map((n) => makeJob(n)) });
    expect(tech.counts().jobs).toBe(1);
    expect((await openJobCache(await openCacheDb(cacheDbName(account, 'all')))).counts().jobs).toBe(5);

    await deleteCache(account, uuidOf('job', 1)); // the open connection lets go (blocking handler)
    const reopened = await openJobCache(await openCacheDb(cacheDbName(account, uuidOf('job', 1))));
    expect(reopened.counts().jobs).toBe(0);
    reopened.close();

    const deleted = await deleteAccountCaches(account);
    expect(deleted.sort()).toEqual([cacheDbName(account, 'all'), cacheDbName(account, uuidOf('job', 1))].sort());
    expect((await indexedDB.databases()).some((d) => d.name?.startsWith(`fieldside-cache:${account}`))).toBe(false);
  });
});

describe('schema upgrades', () => {
  it('upgrades a version-1 cache step by step, keeping its jobs and rebuilding the search index', async () => {
    const name = `upgrade-${Date.now()}`;
    const v1 = await openCacheDb(name, 1);
    expect([...v1.objectStoreNames].sort()).toEqual(['companyLookup', 'companySegments', 'jobLookup', 'jobSegments', 'sync']);
    // What the version-1 code wrote: segments and their lookup chunks, no search index.
    for (const [id, nums] of [[0, range(0, 1000)], [1, range(1000, 1200)]] as const) {
      const jobs = nums.map((n) => makeJob(n));
      await v1.put('jobSegments', { id, jobs });
      await v1.put('jobLookup', jobChunk(id, jobs));
    }
    const companies = range(0, 7).map((n) => makeCompany(n));
    await v1.put('companySegments', { id: 0, companies });
    await v1.put('companyLookup', companyChunk(0, companies));
    v1.close();

    const v2 = await openCacheDb(name);
    expect(v2.version).toBe(2);
    expect(v2.objectStoreNames.contains('search')).toBe(true);
    const cache = await openJobCache(v2);
    expect(cache.counts()).toEqual({ jobs: 1200, tombstones: 0, companies: 7, segments: 2 });
    expect(await v2.get('search', 'index')).toBeUndefined();
    expect(await v2.get('searchMain', 'main')).toBeUndefined();
    const index = await loadSearchIndex(cache);
    expect(search(index, '1042')[0]?.uuid).toBe(uuidOf('job', 42));
    expect(search(index, 'customer 3').length).toBeGreaterThan(0);
    expect(await v2.get('search', 'index')).toBeDefined(); // stored for the next open
    expect(await v2.get('searchMain', 'main')).toBeDefined();
  });

  it('upgrades from nothing straight to the current version', async () => {
    const db = await openDB<CacheDB>(`fresh-${Date.now()}`, 2, { upgrade: (d, o, _n, tx) => upgradeSchema(d, o, 2, tx) });
    expect(db.objectStoreNames.length).toBe(7);
  });

  it('rebuilds an index stored in a format it cannot read', async () => {
    const cache = await openJobCache(await openCacheDb(`broken-${Date.now()}`));
    await cache.write({ jobs: [makeJob(5)] });
    await loadSearchIndex(cache); // builds and stores one
    await cache.db.put('search', { format: 'something-else' } as never, 'index');
    expect(search(await loadSearchIndex(cache), '1005')[0]?.uuid).toBe(uuidOf('job', 5));
  });
});
