import { deleteDB, openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { buildIndex, search } from '../../search';
import { openJobCache } from './job-cache';
import type { Job } from '../../api/schemas';
import { companyChunk, jobChunk, SUPERSEDED } from './lookup';
import { DB_VERSION, openCacheDb, upgradeSchema, type CacheDatabase, type CacheDB, type JobSegmentV2 } from './schema';
import { decodeJobs, encodeJobs, type JobColumns } from './segment-codec';
import { companyNames, searchDocs } from './search-docs';
import { loadSearchIndex, saveSearchIndex } from './search-store';
import { makeCompany, makeJob, range, uuidOf } from '../testing/fixtures';
import { cacheDbName } from '../../databases';

/** Writes job segments as versions 1 and 2 did (objects) with their lookup chunks, which version 3
 * keeps as they are; `superseded` marks slots an incremental sync moved to a later segment. */
async function putOldSegment(db: CacheDatabase, id: number, jobs: Job[], superseded: number[] = []): Promise<void> {
  const old: JobSegmentV2 = { id, jobs };
  await db.put('jobSegments', old as never);
  const chunk = jobChunk(id, encodeJobs(jobs));
  for (const i of superseded) chunk.active[i] = SUPERSEDED;
  await db.put('jobLookup', chunk);
}

describe('database per account and staff member', () => {
  it('names one database per account and staff member', () => {
    const account = 'AAAAAAAA-0000-4000-8000-000000000001';
    expect(cacheDbName(account, 'all')).toBe('fieldside-cache:aaaaaaaa-0000-4000-8000-000000000001:all');
    expect(cacheDbName(account, uuidOf('job', 1))).not.toBe(cacheDbName(account, uuidOf('job', 2)));
    expect(cacheDbName(account, uuidOf('job', 1))).not.toBe(cacheDbName(uuidOf('company', 9), uuidOf('job', 1)));
  });

  it('keeps the caches of two staff members apart, and lets a deletion through an open connection', async () => {
    const account = uuidOf('company', 77);
    const tech = await openJobCache(await openCacheDb(cacheDbName(account, uuidOf('job', 1))));
    const office = await openJobCache(await openCacheDb(cacheDbName(account, 'all')));
    await tech.write({ jobs: [makeJob(1)] });
    await office.write({ jobs: range(0, 5).map((n) => makeJob(n)) });
    expect(tech.counts().jobs).toBe(1);
    expect((await openJobCache(await openCacheDb(cacheDbName(account, 'all')))).counts().jobs).toBe(5);

    await deleteDB(cacheDbName(account, uuidOf('job', 1))); // the open connection lets go (blocking handler)
    const reopened = await openJobCache(await openCacheDb(cacheDbName(account, uuidOf('job', 1))));
    expect(reopened.counts().jobs).toBe(0);
    reopened.close();
  });
});

describe('schema upgrades', () => {
  it('upgrades a version-1 cache step by step, keeping its jobs and rebuilding the search index', async () => {
    const name = `upgrade-${Date.now()}`;
    const v1 = await openCacheDb(name, 1);
    expect([...v1.objectStoreNames].sort()).toEqual([
      'companyLookup',
      'companySegments',
      'jobLookup',
      'jobSegments',
      'sync',
    ]);
    // What the version-1 code wrote: segments and their lookup chunks, no search index.
    for (const [id, nums] of [
      [0, range(0, 1000)],
      [1, range(1000, 1200)],
    ] as const)
      await putOldSegment(
        v1,
        id,
        nums.map((n) => makeJob(n)),
      );
    const companies = range(0, 7).map((n) => makeCompany(n));
    await v1.put('companySegments', { id: 0, companies });
    await v1.put('companyLookup', companyChunk(0, companies));
    v1.close();

    const v2 = await openCacheDb(name);
    expect(v2.version).toBe(DB_VERSION);
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
    const db = await openDB<CacheDB>(`fresh-${Date.now()}`, DB_VERSION, {
      upgrade: (d, o, _n, tx) => upgradeSchema(d, o, DB_VERSION, tx),
    });
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames]).toContain('customers');
    expect(db.objectStoreNames.length).toBe(8);
  });

  it('keys the segment and lookup stores out of line from version 5, every record kept under its key', async () => {
    const name = `upgrade-v4-${Date.now()}`;
    const v4 = await openCacheDb(name, 4);
    const jobs = range(0, 30).map((n) => makeJob(n));
    const companies = range(0, 4).map((n) => makeCompany(n));
    // What the version-4 code wrote: records keyed by their own id (a key path).
    await v4.put('jobSegments', { id: 3, count: jobs.length, columns: encodeJobs(jobs) });
    await v4.put('jobLookup', jobChunk(3, encodeJobs(jobs)));
    await v4.put('companySegments', { id: 0, companies });
    await v4.put('companyLookup', companyChunk(0, companies));
    v4.close();

    const v5 = await openCacheDb(name);
    expect(v5.version).toBe(DB_VERSION);
    // A put into a store with a key path makes the browser deserialize a copy of the value to read the key.
    const stores = ['jobSegments', 'companySegments', 'jobLookup', 'companyLookup'] as const;
    const tx = v5.transaction(stores);
    expect(stores.map((s) => tx.objectStore(s).keyPath)).toEqual([null, null, null, null]);
    expect([...v5.objectStoreNames].filter((n) => n.endsWith('-keyed'))).toEqual([]);
    expect(await v5.getAllKeys('jobSegments')).toEqual([3]);
    expect(decodeJobs((await v5.get('jobSegments', 3))!.columns as JobColumns)).toEqual(jobs); // kept whole
    expect((await v5.get('jobLookup', 3))?.uuids).toEqual(jobs.map((j) => j.uuid));
    expect((await v5.get('companySegments', 0))?.companies).toEqual(companies);
    const cache = await openJobCache(v5);
    expect(await cache.getJob(uuidOf('job', 7))).toEqual(makeJob(7));
    await cache.write({ jobs: [makeJob(40)], companies: [makeCompany(9)] });
    expect(await cache.getJob(uuidOf('job', 40))).toEqual(makeJob(40));
    cache.close();
  });

  it('reads a version-5 cache, whose job segments hold every column, and writes version-6 segments beside them', async () => {
    const name = `upgrade-v5-${Date.now()}`;
    const v5 = await openCacheDb(name, 5);
    const jobs = range(0, 1030).map((n) => makeJob(n, n % 4 === 0 ? { date: null } : {}));
    // What the version-5 code wrote: every column in the segment, and the chunk's four in the chunk too.
    const parts = [jobs.slice(0, 1000), jobs.slice(1000)];
    for (const [id, part] of parts.entries()) {
      await v5.put('jobSegments', { id, count: part.length, columns: encodeJobs(part) }, id);
      await v5.put('jobLookup', jobChunk(id, encodeJobs(part)), id);
    }
    v5.close();

    const db = await openCacheDb(name);
    expect(db.version).toBe(DB_VERSION);
    const cache = await openJobCache(db);
    expect(await cache.allJobs()).toEqual(jobs);
    // Segment 1 is rewritten (a job replaced, one appended) without the chunk's columns; segment 0 stays as it was.
    const changed = makeJob(1005, { job_description: 'changed', date: null });
    await cache.write({ jobs: [changed, makeJob(2000)] });
    expect('uuid' in (await db.get('jobSegments', 0))!.columns).toBe(true);
    expect('uuid' in (await db.get('jobSegments', 1))!.columns).toBe(false);
    const now = [...jobs.slice(0, 1005), changed, ...jobs.slice(1006), makeJob(2000)];
    expect(await cache.allJobs()).toEqual(now);
    const reopened = await openJobCache(db);
    expect(await reopened.getJobs([uuidOf('job', 3), uuidOf('job', 1005), uuidOf('job', 2000)])).toEqual([
      jobs[3],
      changed,
      makeJob(2000),
    ]);
    cache.close();
  });

  it('converts the job segments of a version-2 cache to columns, every job read back exactly', async () => {
    const name = `upgrade-v2-${Date.now()}`;
    const v2 = await openCacheDb(name, 2);
    const varied = (n: number): Job =>
      makeJob(n, {
        active: n % 10 !== 3, // tombstones
        date: n % 4 === 0 ? null : `2026-02-0${(n % 9) + 1} 08:00:00`,
        lat: n % 3 === 0 ? null : -33.5 - n / 1000,
        lng: n % 3 === 0 ? null : 0,
        total_invoice_amount: n % 5 === 0 ? null : n * 1.25,
        badges: n % 2 === 0 ? [] : [uuidOf('company', n), uuidOf('company', n + 1)],
        geo_is_valid: n % 2 === 1,
        category_uuid: n % 6 === 0 ? uuidOf('company', 99) : null,
        work_done_description: n % 7 === 0 ? 'Flue replaced\nRe-tested' : '',
      });
    const first = range(0, 1000).map(varied);
    // Jobs 5 and 6 were changed by an incremental sync: newer copies in the tail, old slots superseded.
    const tail = [...range(1000, 1040).map(varied), varied(5), { ...varied(6), status: 'Completed' }];
    await putOldSegment(v2, 0, first, [5, 6]);
    await putOldSegment(v2, 1, tail);
    const companies = range(0, 7).map((n) => makeCompany(n));
    await v2.put('companySegments', { id: 0, companies });
    await v2.put('companyLookup', companyChunk(0, companies));
    const before = await openJobCache(v2);
    const stored = [...first.filter((_, i) => i !== 5 && i !== 6), ...tail]; // what allJobs answers
    await saveSearchIndex(before, buildIndex(searchDocs(stored, companyNames(companies))));
    v2.close();

    const v3 = await openCacheDb(name);
    expect(v3.version).toBe(DB_VERSION);
    const segments = await v3.getAll('jobSegments');
    expect(segments.map((s) => [s.id, s.count, 'jobs' in s])).toEqual([
      [0, 1000, false],
      [1, 42, false],
    ]);
    // Converted whole: a segment converted before version 6 keeps the columns its chunk holds too.
    expect(decodeJobs(segments[0]!.columns as JobColumns)).toEqual(first);
    expect(decodeJobs(segments[1]!.columns as JobColumns)).toEqual(tail);

    const cache = await openJobCache(v3);
    expect(cache.counts()).toEqual(before.counts());
    expect(await cache.allJobs({ includeInactive: true })).toEqual(stored);
    expect(await cache.allJobs()).toEqual(stored.filter((j) => j.active));
    expect(await cache.getJob(uuidOf('job', 13))).toBeUndefined(); // a tombstone stays one
    expect((await cache.getJob(uuidOf('job', 13), { includeInactive: true }))?.active).toBe(false);
    expect(await cache.getJob(uuidOf('job', 6))).toEqual({ ...varied(6), status: 'Completed' });
    expect(await cache.getJobByNumber('2001')).toEqual(varied(1001));
    // The search index stored by version 2 is kept (positions did not move) and still answers.
    expect(await v3.get('searchMain', 'main')).toBeDefined();
    expect(search(await loadSearchIndex(cache), '1017')[0]?.uuid).toBe(uuidOf('job', 17));

    // And the converted cache is written and compacted like any other.
    await cache.write({ jobs: [varied(7), varied(2000)], placement: 'append' });
    expect(await cache.getJob(uuidOf('job', 2000))).toEqual(varied(2000));
    expect((await cache.db.get('jobSegments', 1))!.count).toBe(44);
  });

  it('converts all or nothing, and starts a cache over, empty, when a version-2 segment cannot be converted', async () => {
    const name = `upgrade-broken-${Date.now()}`;
    const v2 = await openCacheDb(name, 2);
    await putOldSegment(v2, 0, [makeJob(1)]);
    // Not a list: the codec throws on it.
    await v2.put('jobSegments', { id: 1, jobs: [makeJob(2, { badges: 5 as never })] } as never);
    v2.close();

    // The upgrade itself is atomic: aborted, it leaves version 2 exactly as it was.
    const aborted = await openDB<CacheDB>(name, DB_VERSION, {
      upgrade: (db, oldVersion, _new, tx) => upgradeSchema(db, oldVersion, DB_VERSION, tx),
    }).then(
      (db) => {
        db.close();
        return 'opened';
      },
      (error: unknown) => (error as DOMException).name,
    );
    expect(aborted).toBe('AbortError');
    const still = await openCacheDb(name, 2);
    expect(still.version).toBe(2);
    expect(((await still.get('jobSegments', 0)) as unknown as JobSegmentV2).jobs).toEqual([makeJob(1)]);
    still.close();

    // Opening it for use starts it over rather than failing at every opening; a sync refills it.
    const fresh = await openCacheDb(name);
    expect(fresh.version).toBe(DB_VERSION);
    expect(await fresh.count('jobSegments')).toBe(0);
    const cache = await openJobCache(fresh);
    expect(cache.counts().jobs).toBe(0);
    await cache.write({ jobs: [makeJob(3)] });
    expect(await cache.getJob(uuidOf('job', 3))).toEqual(makeJob(3));
    fresh.close();
  });

  it('starts over, empty, a cache a newer build wrote (the extension rolled back), rather than failing at every opening', async () => {
    const name = `rolled-back-${Date.now()}`;
    const newer = await openDB(name, DB_VERSION + 1, { upgrade: (db) => db.createObjectStore('fromTheFuture') });
    await newer.put('fromTheFuture', 'x', 1);
    newer.close();

    const refused = await openDB(name, DB_VERSION).then(
      (db) => {
        db.close();
        return 'opened';
      },
      (error: unknown) => (error as DOMException).name,
    );
    expect(refused).toBe('VersionError');

    const fresh = await openCacheDb(name);
    expect(fresh.version).toBe(DB_VERSION);
    expect([...fresh.objectStoreNames]).not.toContain('fromTheFuture');
    const cache = await openJobCache(fresh);
    expect(cache.counts().jobs).toBe(0);
    await cache.write({ jobs: [makeJob(4)] });
    expect(await cache.getJob(uuidOf('job', 4))).toEqual(makeJob(4));
    fresh.close();
  });

  it('rebuilds an index stored in a format it cannot read', async () => {
    const cache = await openJobCache(await openCacheDb(`broken-${Date.now()}`));
    await cache.write({ jobs: [makeJob(5)] });
    await loadSearchIndex(cache); // builds and stores one
    await cache.db.put('search', { format: 'something-else' } as never, 'index');
    expect(search(await loadSearchIndex(cache), '1005')[0]?.uuid).toBe(uuidOf('job', 5));
  });
});
