// Bundled (bench/extension/bundle.ts) and evaluated in a plain Chromium page: the cache's job
// segments stored at two sizes, with the real column codec and lookup chunks, to decide how a page
// of the real platform's size maps to segments (bench/segments.ts prints the comparison). Segments are stored as the
// product stores them (cache version 6): without the four columns their lookup chunk holds, read back with it.
import { jobChunk } from '../../lib/cache/store/lookup';
import type { LookupChunk } from '../../lib/cache/store/schema';
import {
  decodeJobAt,
  encodeJobs,
  segmentColumns,
  storedColumns,
  updateJobs,
  type JobColumns,
  type StoredJobColumns,
} from '../../lib/cache/store/segment-codec';
import { makeJob } from '../../lib/cache/testing/fixtures';
import type { Job } from '../../lib/api/schemas';

const words = 'boiler service leaking tap replaced valve inspected roof gutter cleared quote accepted'.split(' ');
/** A job of about the size the platform sends (descriptions are most of it). */
function job(n: number): Job {
  const text = (len: number) => Array.from({ length: len }, (_, i) => words[(n + i) % words.length]).join(' ');
  return makeJob(n, {
    job_description: text(90),
    work_done_description: text(40),
    job_address: `${n} Elm Street\nSpringfield 4000`,
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => ((tx.oncomplete = () => resolve()), (tx.onerror = () => reject(tx.error))));

async function openFresh(name: string): Promise<IDBDatabase> {
  await new Promise<void>((resolve) => {
    const del = indexedDB.deleteDatabase(name);
    del.onsuccess = del.onerror = del.onblocked = () => resolve();
  });
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore('jobSegments', { keyPath: 'id' });
    open.result.createObjectStore('jobLookup', { keyPath: 'segment' });
    open.result.createObjectStore('sync');
  };
  return request(open);
}

/** A segment's whole columns: the segment and its lookup chunk read in one transaction, as the product reads them. */
async function readSegment(tx: IDBTransaction, id: number): Promise<JobColumns> {
  const [segment, chunk] = await Promise.all([
    request(tx.objectStore('jobSegments').get(id) as IDBRequest<{ columns: StoredJobColumns }>),
    request(tx.objectStore('jobLookup').get(id) as IDBRequest<LookupChunk>),
  ]);
  return segmentColumns(segment.columns, chunk);
}

/** `jobs` stored as the full sync stores them, a platform page per transaction with its segments,
 * their lookup chunks and the sync state; then single-job lookups, and the tail rewritten for ten
 * changed jobs (what an incremental sync pays). */
async function measure(jobs: number, pageJobs: number, segmentJobs: number) {
  const db = await openFresh(`segments-${segmentJobs}`);
  const all = Array.from({ length: jobs }, (_, n) => job(n));
  const t0 = performance.now();
  for (let from = 0; from < jobs; from += pageJobs) {
    const tx = db.transaction(['jobSegments', 'jobLookup', 'sync'], 'readwrite');
    for (let at = from; at < Math.min(jobs, from + pageJobs); at += segmentJobs) {
      const id = at / segmentJobs;
      const columns = encodeJobs(all.slice(at, at + segmentJobs));
      tx.objectStore('jobSegments').put({ id, count: columns.uuid.length, columns: storedColumns(columns) });
      tx.objectStore('jobLookup').put(jobChunk(id, columns));
    }
    tx.objectStore('sync').put({ cursor: from }, 'state');
    await done(tx);
  }
  const writeMs = performance.now() - t0;
  const segments = Math.ceil(jobs / segmentJobs);

  const lookups: number[] = [];
  for (let i = 0; i < 30; i++) {
    const n = (i * 7919) % jobs;
    const t = performance.now();
    const columns = await readSegment(db.transaction(['jobSegments', 'jobLookup']), Math.floor(n / segmentJobs));
    if (decodeJobAt(columns, n % segmentJobs).uuid !== all[n]!.uuid) throw new Error('wrong job');
    lookups.push(performance.now() - t);
  }

  const tails: number[] = [];
  const tail = segments - 1;
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const tx = db.transaction(['jobSegments', 'jobLookup', 'sync'], 'readwrite');
    const stored = await readSegment(tx, tail);
    const changed = new Map(
      Array.from(
        { length: 10 },
        (_, k) => [k * 3, { ...all[tail * segmentJobs + k * 3]!, job_description: `changed ${i}` }] as const,
      ),
    );
    const columns = updateJobs(stored, changed);
    tx.objectStore('jobSegments').put({ id: tail, count: columns.uuid.length, columns: storedColumns(columns) });
    tx.objectStore('jobLookup').put(jobChunk(tail, columns));
    tx.objectStore('sync').put({ mark: i }, 'state');
    await done(tx);
    tails.push(performance.now() - t);
  }
  db.close();
  indexedDB.deleteDatabase(`segments-${segmentJobs}`);
  return { segmentJobs, segments, writeMs, lookupMs: median(lookups), tailMs: median(tails) };
}

(globalThis as Record<string, unknown>).__segmentsBench = { measure };
