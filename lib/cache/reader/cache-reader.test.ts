import { describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../store/search-store';
import { jobChunk } from '../store/lookup';
import { DB_VERSION, openCacheDb } from '../store/schema';
import { encodeJobs } from '../store/segment-codec';
import { freshCache, makeCompany, makeJob, range, uuidOf } from '../testing/fixtures';
import { openJobCache } from '../store/job-cache';
import { createTypeahead } from '../../search/query/typeahead';
import { openCacheReader } from './cache-reader';
import { openExistingDb } from './idb-read';
import type { IndexPreview } from '../../search/format/types';
import { firstScreenFromIndex, firstScreenFromPreview } from '../first-screen/first-screen';
import { rowOf } from '../first-screen/rows';
import { todayIn } from '../../locale/days';

async function filledCache() {
  const cache = await freshCache();
  const jobs = range(0, 2500).map((n) => makeJob(n));
  jobs[7] = makeJob(7, { job_address: '7 Larkspur Avenue', date: '2026-03-04 10:00:00' });
  jobs[8] = makeJob(8, { active: false });
  jobs[3] = makeJob(3, { status: 'Quote', job_address: '3 Rue de l’Église\nLyon' });
  await cache.write({
    jobs,
    companies: range(0, 7).map((n) => makeCompany(n, n === 3 ? { name: 'Hartley & Søn Plumbing' } : {})),
  });
  await rebuildSearchIndex(cache);
  return cache;
}

/** Empties the job and company records, leaving the search index: what the popup must live on. */
async function dropRecords(db: IDBDatabase): Promise<void> {
  const tx = db.transaction(['jobSegments', 'companySegments', 'jobLookup', 'companyLookup'], 'readwrite');
  for (const name of tx.objectStoreNames) tx.objectStore(name).clear();
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

/** A filled cache, opened again as the popup opens it, with its records dropped: the search index alone. */
async function indexOnly() {
  const cache = await filledCache();
  const db = (await openExistingDb(cache.db.name))!;
  await dropRecords(db);
  return { cache, db };
}

describe('openExistingDb', () => {
  it('answers null for a cache that does not exist, and does not create it', async () => {
    const name = `missing-${Date.now()}`;
    expect(await openExistingDb(name)).toBeNull();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(name);
  });

  it('answers null for a cache above the version this build reads (a newer build wrote it), and leaves it', async () => {
    const name = `newer-${Date.now()}`;
    const newer = await openCacheDb(name);
    newer.close();
    expect(await openExistingDb(name, indexedDB, DB_VERSION - 1)).toBeNull();
    const current = (await openExistingDb(name, indexedDB, DB_VERSION))!;
    expect(current.version).toBe(DB_VERSION);
    current.close();
  });
});

describe('openCacheReader', () => {
  it('searches the stored index and makes whole rows from it alone, no job or company record read', async () => {
    const { cache, db } = await indexOnly();
    const reader = await openCacheReader(db);
    expect(reader.jobCount).toBe(2499);
    expect(reader.index).not.toBeNull();
    const session = createTypeahead(reader.index!);

    const [first] = session.search('2042');
    expect(first?.uuid).toBe(uuidOf('job', 1042));
    expect(rowOf(first!)).toEqual({
      uuid: uuidOf('job', 1042),
      number: '2042',
      status: 'Work Order',
      customer: 'Customer 6',
      address: '1042 Elm Street',
      line: 'Job 1042',
      day: '2026-02-07',
      marks: { number: [[0, 4]] },
    });
    const larkspur = session.search('larkspor'); // a typo
    expect(larkspur[0]?.uuid).toBe(uuidOf('job', 7));

    const [hartley] = session.search('1003 son');
    expect(rowOf(hartley!)).toEqual({
      uuid: uuidOf('job', 3),
      number: '1003',
      status: 'Quote',
      customer: 'Hartley & Søn Plumbing',
      address: '3 Rue de l’Église\nLyon',
      line: 'Job 3',
      day: '2026-02-04',
      marks: { number: [[0, 4]], customer: [[10, 13]] },
    });
    expect(session.search('1008').map((r) => r.uuid)).not.toContain(uuidOf('job', 8)); // deleted: not in the index
    reader.close();
    cache.close();
  });

  it("lists a day's jobs, else the recent ones, from the index", async () => {
    const { cache, db } = await indexOnly();
    const reader = await openCacheReader(db);
    const day = reader.browse({ day: '2026-03-04', limit: 20 });
    expect(day.map((r) => [r.uuid, r.display.address])).toEqual([[uuidOf('job', 7), '7 Larkspur Avenue']]);
    const recent = reader.browse({ today: '2026-02-27', limit: 5 });
    expect(recent).toHaveLength(5);
    // Open jobs up to today, newest first: the 27th of February's (n % 28 === 26), not March's.
    expect(recent.every((r) => (Number(r.display.number) - 1000) % 28 === 26)).toBe(true);
    reader.close();
    cache.close();
  });

  it('hands over the first-screen preview stored with the index before the main segment is read', async () => {
    const { cache, db } = await indexOnly();
    const events: string[] = [];
    let preview: IndexPreview | undefined;
    const opened = openCacheReader(db, (p) => {
      events.push('preview');
      preview = p;
      return true; // shown: the main segment is read after the paint
    }).then((reader) => (events.push('reader'), reader));
    const reader = await opened;
    expect(events).toEqual(['preview', 'reader']);
    expect(preview?.day).toBe(todayIn(null, Date.now())); // a cache no sync filled: no account zone
    expect(preview?.onDay).toBe(false); // the jobs are dated in 2026
    expect(preview?.jobs).toHaveLength(20);
    const rows = firstScreenFromPreview(preview!).rows;
    expect(rows[0]).toEqual(firstScreenFromIndex(reader, preview!.day, 20).rows[0]);
    expect(rows[0]?.customer).toMatch(/^Customer \d$|^Hartley/);
    reader.close();
    cache.close();
  });

  it('works on a cache with jobs but no search index yet (first sync under way), from the records', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 10).map((n) => makeJob(n)) });
    const reader = await openCacheReader((await openExistingDb(cache.db.name))!);
    expect(reader.index).toBeNull();
    expect(reader.jobCount).toBe(10);
    expect(reader.browse({ limit: 3 })).toEqual([]);
    const records = await reader.lookups();
    expect((await records.list({ limit: 3 })).length).toBe(3);
    expect((await records.jobs([uuidOf('job', 4)])).map((j) => j.generated_job_id)).toEqual(['1004']);
    expect(await records.jobs([uuidOf('job', 9), uuidOf('job', 2)])).toEqual([makeJob(9), makeJob(2)]); // whole jobs, decoded
    reader.close();
    cache.close();
  });

  it('reads the records of a version-2 cache the background has not converted to columns yet', async () => {
    // The popup opens the database at whatever version it has: it never upgrades it (idb-read.ts).
    const v2 = await openCacheDb(`v2-popup-${Date.now()}`, 2);
    const jobs = range(0, 5).map((n) => makeJob(n, { badges: n === 1 ? [uuidOf('company', 1)] : [] }));
    await v2.put('jobSegments', { id: 0, jobs } as never); // the version-2 shape: objects
    await v2.put('jobLookup', jobChunk(0, encodeJobs(jobs)));
    v2.close();
    const reader = await openCacheReader((await openExistingDb(v2.name))!);
    expect(reader.jobCount).toBe(5);
    const records = await reader.lookups();
    expect(await records.jobs([uuidOf('job', 1), uuidOf('job', 3)])).toEqual([jobs[1], jobs[3]]);
    reader.close();
  });

  it('reads the records of a version-5 cache, whose job segments hold every column, and of version 6 beside them', async () => {
    const v5 = await openCacheDb(`v5-popup-${Date.now()}`, 5);
    const jobs = range(0, 1010).map((n) => makeJob(n, n % 2 === 0 ? { date: null } : {}));
    const old = jobs.slice(0, 1000);
    await v5.put('jobSegments', { id: 0, count: old.length, columns: encodeJobs(old) }, 0); // every column
    await v5.put('jobLookup', jobChunk(0, encodeJobs(old)), 0);
    v5.close();
    const cache = await openJobCache(await openCacheDb(v5.name));
    await cache.write({ jobs: jobs.slice(1000) }); // segment 1, as version 6 stores it
    const reader = await openCacheReader((await openExistingDb(v5.name))!);
    const records = await reader.lookups();
    const asked = [uuidOf('job', 2), uuidOf('job', 1003), uuidOf('job', 999), uuidOf('job', 1008)];
    expect(await records.jobs(asked)).toEqual([jobs[2], jobs[1003], jobs[999], jobs[1008]]);
    reader.close();
    cache.close();
  });

  it('treats an index of the older format as none (the background rebuilds it)', async () => {
    const cache = await filledCache();
    const db = (await openExistingDb(cache.db.name))!;
    const tx = db.transaction('search', 'readwrite');
    const store = tx.objectStore('search');
    store.get('index').onsuccess = (event) => {
      const value = (event.target as IDBRequest).result;
      store.put({ ...value, version: 1 }, 'index');
    };
    await new Promise<void>((resolve) => (tx.oncomplete = () => resolve()));
    const reader = await openCacheReader(db);
    expect(reader.index).toBeNull();
    expect(reader.jobCount).toBe(2499);
    reader.close();
    cache.close();
  });
});
