// Bundled (bench/extension/bundle.ts) and evaluated inside an extension page of the built
// extension, so its IndexedDB and fetch are the extension's own: the floor of a full sync, and the
// search index read from the cache the extension's sync wrote.
import { companyNames, toSearchDoc } from '../../lib/cache/store/search-docs';
import { readStoredIndex } from '../../lib/cache/store/search-parts';
import { openCacheDb } from '../../lib/cache/store/schema';
import { openJobCache } from '../../lib/cache/store/job-cache';
import { buildIndex, createTypeahead, loadIndex, search, type SearchIndex } from '../../lib/search';
import { createPlatformClient } from '../../lib/api/client';
import { createRateLimiter } from '../../lib/api/rate-limiter';
import { createCacheSync } from '../../lib/cache/sync/cache-sync';

interface Query {
  kind: string;
  text: string;
  intended?: string;
  /** Jobs a search cannot tell from the intended one (same customer, same address). */
  alike?: string[];
}

/** The same pages fetched, parsed and stored as segments, and nothing else: fetch the next page
 * while the current one is written, one record per page, like the sync's segments. */
async function floor(
  baseUrl: string,
  apiKey: string,
  dbName: string,
): Promise<{ ms: number; pages: number; records: number }> {
  await new Promise<void>((resolve) => {
    const del = indexedDB.deleteDatabase(dbName);
    del.onsuccess = del.onerror = del.onblocked = () => resolve();
  });
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(dbName, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('segments');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const t0 = performance.now();
  let pages = 0;
  let records = 0;
  let key = 0;
  for (const type of ['company', 'job']) {
    const get = async (cursor: string) => {
      const response = await fetch(`${baseUrl}/api_1.0/${type}.json?cursor=${encodeURIComponent(cursor)}`, {
        headers: { 'x-api-key': apiKey },
      });
      if (!response.ok) throw new Error(`${type} ${response.status}`);
      return { body: (await response.json()) as unknown[], next: response.headers.get('x-next-cursor') };
    };
    let pending: Promise<{ body: unknown[]; next: string | null }> | null = get('-1');
    while (pending) {
      const page: { body: unknown[]; next: string | null } = await pending;
      pending = page.next ? get(page.next) : null;
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('segments', 'readwrite');
        tx.objectStore('segments').put({ id: key, records: page.body }, key++);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      pages++;
      records += page.body.length;
    }
  }
  const ms = performance.now() - t0;
  db.close();
  indexedDB.deleteDatabase(dbName);
  return { ms, pages, records };
}

/** lib/cache's full sync alone, in this page (no worker, no other services): walk and finish. */
async function pipeline(
  baseUrl: string,
  apiKey: string,
  dbName: string,
): Promise<{ ms: number; walkMs: number; finishMs: number; jobs: number }> {
  await new Promise<void>((resolve) => {
    const del = indexedDB.deleteDatabase(dbName);
    del.onsuccess = del.onerror = del.onblocked = () => resolve();
  });
  const db = await openCacheDb(dbName);
  const cache = await openJobCache(db);
  const client = createPlatformClient({
    baseUrl,
    auth: { kind: 'api_key', apiKey },
    limiter: createRateLimiter({ perMinute: 100_000 }),
  });
  let lastPage = 0;
  let pages = -1;
  const sync = createCacheSync({
    client,
    cache,
    onProgress: (s) => {
      if (s.pagesDone !== pages) {
        pages = s.pagesDone;
        lastPage = performance.now();
      }
    },
  });
  const t0 = performance.now();
  const state = await sync.run();
  const ms = performance.now() - t0;
  // Built after "synced": not part of the sync's time, but done before the database is dropped.
  await sync.customersSettled();
  db.close();
  indexedDB.deleteDatabase(dbName);
  return { ms, walkMs: lastPage - t0, finishMs: t0 + ms - lastPage, jobs: state.counts.jobs };
}

let index: SearchIndex | null = null;

/** Cold load: the stored index read from IndexedDB and made searchable (what the popup does). */
async function coldLoad(
  dbName: string,
): Promise<{ readMs: number; openMs: number; loadMs: number; firstSearchMs: number; docs: number }> {
  const t0 = performance.now();
  const db = await openCacheDb(dbName);
  const opened = performance.now();
  const stored = await readStoredIndex(db);
  const t1 = performance.now();
  if (!stored) throw new Error('No stored search index in the cache');
  index = loadIndex(stored);
  const t2 = performance.now();
  search(index, 'a');
  const t3 = performance.now();
  db.close();
  return { readMs: t1 - t0, openMs: opened - t0, loadMs: t2 - t1, firstSearchMs: t3 - t2, docs: stored.main.count };
}

/** Index build from the cached jobs and companies (what a full sync does at its end). */
async function build(dbName: string): Promise<{ readMs: number; buildMs: number; docs: number }> {
  const db = await openCacheDb(dbName);
  const cache = await openJobCache(db);
  const t0 = performance.now();
  const [jobs, companies] = await Promise.all([cache.allJobs(), cache.allCompanies()]);
  const names = companyNames(companies);
  const docs = jobs.map((j) => toSearchDoc(j, j.company_uuid === null ? '' : (names.get(j.company_uuid) ?? '')));
  const t1 = performance.now();
  buildIndex(docs);
  const t2 = performance.now();
  db.close();
  return { readMs: t1 - t0, buildMs: t2 - t1, docs: docs.length };
}

/** Types every query a character at a time in one session per query, as the popup does. */
function typeQueries(queries: Query[]): {
  keystrokes: Array<{ kind: string; ms: number }>;
  typo: { found: number; of: number; missed: string[] };
} {
  if (!index) throw new Error('coldLoad first');
  const keystrokes: Array<{ kind: string; ms: number }> = [];
  let found = 0;
  let of = 0;
  const missed: string[] = [];
  for (const q of queries) {
    const session = createTypeahead(index);
    let last: Array<{ uuid: string }> = [];
    for (let i = 1; i <= q.text.length; i++) {
      const t0 = performance.now();
      last = session.search(q.text.slice(0, i));
      keystrokes.push({ kind: q.kind, ms: performance.now() - t0 });
    }
    if (q.intended) {
      of++;
      const alike = new Set(q.alike ?? [q.intended]);
      if (last.some((r) => alike.has(r.uuid))) found++;
      else missed.push(`${q.text} (${last.length} results)`);
    }
  }
  return { keystrokes, typo: { found, of, missed } };
}

(globalThis as Record<string, unknown>).__fieldsideBench = { floor, pipeline, coldLoad, build, typeQueries };
