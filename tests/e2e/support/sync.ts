import { createHash } from 'node:crypto';
import type { Stack } from './stack';

/** An extension page of either driver (Playwright's Chromium, puppeteer's Firefox): both evaluate an expression. */
export interface ExtensionPage {
  evaluate(expression: string): Promise<unknown>;
}

// What the job cache holds, read straight from its IndexedDB database in an extension page (the
// same origin as the background): the sync state the background stores after every page, the live
// jobs, and a content hash to compare them with the emulator. Tests only read here; the syncs
// themselves start as they do for a person (sign-in, "who are you", the periodic alarm).

export interface CachedJob {
  uuid: string;
  editDate: string | null;
  status: string;
  /** The job's badge uuids. */
  badges: string[];
}

/** The stored sync state (lib/cache/store/sync-state.ts), as far as tests look at it. */
export interface StoredSync {
  phase: 'idle' | 'full' | 'incremental' | 'error';
  pagesDone: number;
  /** Platform time at which the last completed sync started; null before the first. */
  lastSyncedAt: number | null;
  skipped: number;
  lastError: string | null;
}

/** The cache database of an account as a staff member (`'all'`: an API key's whole account). */
export function cacheName(accountUuid: string, staff: string): string {
  return `fieldside-cache:${accountUuid.toLowerCase()}:${staff === 'all' ? 'all' : staff.toLowerCase()}`;
}

/** The cache of the seeded account as `staff`. */
export const cacheOf = (stack: Stack, staff: string): string => cacheName(stack.account.uuid, staff);

/**
 * Runs in the page: opens `name` only if it exists, and never creates it. An open without a version
 * creates a missing database at version 1 with no stores, and the background's own open would then
 * skip creating them; so a creation is aborted (a database deleted at sign-out stays deleted).
 */
function openExisting(name: string): Promise<IDBDatabase | null> {
  return indexedDB.databases().then((all) => {
    if (!all.some((d) => d.name === name)) return null;
    return new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open(name);
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => resolve(null);
      open.onsuccess = () => resolve(open.result);
    });
  });
}

/**
 * Evaluates `read` on the cache database `db` in the page (closed afterwards), or answers `none`
 * where there is no such database. Composed as one expression: the extension page's CSP allows no
 * eval, and the debugger's evaluation of an expression is not subject to it.
 */
function withCache<T>(
  page: ExtensionPage,
  db: string,
  read: (database: IDBDatabase) => Promise<T>,
  none: T,
): Promise<T> {
  return page.evaluate(`(async () => {
    const database = await (${openExisting.toString()})(${JSON.stringify(db)});
    if (!database) return ${JSON.stringify(none)};
    try {
      return await (${read.toString()})(database);
    } finally {
      database.close();
    }
  })()`) as Promise<T>;
}

/** The sync state stored in the cache `db`, or null where there is no cache (yet, or any more). */
export function readSyncState(page: ExtensionPage, db: string): Promise<StoredSync | null> {
  return withCache<StoredSync | null>(
    page,
    db,
    (database) =>
      new Promise((resolve, reject) => {
        if (!database.objectStoreNames.contains('sync')) return resolve(null);
        const request = database.transaction('sync').objectStore('sync').get('state');
        request.onsuccess = () => resolve((request.result as StoredSync | undefined) ?? null);
        request.onerror = () => reject(request.error);
      }),
    null,
  );
}

/** Waits until the stored state satisfies `test` (a first page stored, a failure kept…); returns it. */
export async function waitForSyncState(
  page: ExtensionPage,
  db: string,
  test: (state: StoredSync) => boolean,
  timeoutMs = 60_000,
): Promise<StoredSync> {
  const deadline = Date.now() + timeoutMs;
  let last: StoredSync | null = null;
  for (;;) {
    last = await readSyncState(page, db).catch(() => null);
    if (last && test(last)) return last;
    if (Date.now() > deadline) throw new Error(`The sync state of ${db} never matched; last ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until a sync of `db` has finished after platform time `since` (idle, with a last-synced time). */
export function waitForSynced(page: ExtensionPage, db: string, timeoutMs = 90_000, since = 0): Promise<StoredSync> {
  return waitForSyncState(
    page,
    db,
    (s) => s.phase === 'idle' && s.lastSyncedAt !== null && s.lastSyncedAt > since,
    timeoutMs,
  );
}

/** Every live job in the cache database `db`, one entry per live slot (duplicates show). */
export function readCachedJobs(page: ExtensionPage, db: string): Promise<CachedJob[]> {
  return withCache<CachedJob[]>(
    page,
    db,
    (database) =>
      new Promise((resolve, reject) => {
        if (!database.objectStoreNames.contains('jobLookup')) return resolve([]);
        const tx = database.transaction(['jobLookup', 'jobSegments'], 'readonly');
        const chunks = tx.objectStore('jobLookup').getAll();
        const segments = tx.objectStore('jobSegments').getAll();
        tx.oncomplete = () => {
          // Segments store jobs as columns (lib/cache/store/segment-codec.ts): job i is slot i of
          // each, and a list column keeps job i's items from offsets[i] to offsets[i + 1]. Since version 6 the uuid
          // and edit date columns are in the segment's lookup chunk only (edits "" for null).
          type Columns = {
            uuid?: string[];
            edit_date?: Array<string | null>;
            status: string[];
            badges: { offsets: Uint32Array; values: string[] };
          };
          const bySegment = new Map(
            (segments.result as Array<{ id: number; columns: Columns }>).map((s) => [s.id, s.columns]),
          );
          const out: CachedJob[] = [];
          type Chunk = { segment: number; active: Uint8Array; uuids: string[]; edits: string[] };
          for (const chunk of chunks.result as Chunk[]) {
            const c = bySegment.get(chunk.segment);
            if (!c) continue;
            chunk.active.forEach((flag, i) => {
              if (flag !== 1) return;
              const badges = c.badges.values.slice(c.badges.offsets[i], c.badges.offsets[i + 1]);
              const uuid = (c.uuid ?? chunk.uuids)[i]!;
              const editDate = c.edit_date ? (c.edit_date[i] ?? null) : chunk.edits[i] || null;
              out.push({ uuid, editDate, status: c.status[i] ?? '', badges });
            });
          }
          resolve(out);
        };
        tx.onerror = () => reject(tx.error);
      }),
    [],
  );
}

/** One job as the cache `db` holds it now, or undefined. */
export async function cachedJob(page: ExtensionPage, db: string, uuid: string): Promise<CachedJob | undefined> {
  return (await readCachedJobs(page, db)).find((j) => j.uuid.toLowerCase() === uuid.toLowerCase());
}

/** Count and a hash of the sorted uuid + edit date pairs: equal sets give equal hashes. */
export function contentHash(jobs: ReadonlyArray<Pick<CachedJob, 'uuid' | 'editDate'>>): {
  count: number;
  distinct: number;
  hash: string;
} {
  const lines = jobs.map((j) => `${j.uuid.toLowerCase()} ${j.editDate ?? ''}`).sort();
  return {
    count: jobs.length,
    distinct: new Set(jobs.map((j) => j.uuid.toLowerCase())).size,
    hash: createHash('sha256').update(lines.join('\n')).digest('hex'),
  };
}

/** The same for the emulator's records (active jobs only), optionally limited to some uuids. */
export function serverHash(records: ReadonlyArray<Record<string, unknown>>, only?: ReadonlySet<string>) {
  const live = records.filter(
    (r) => (r.active === 1 || r.active === true || r.active === '1') && (!only || only.has(String(r.uuid))),
  );
  return contentHash(live.map((r) => ({ uuid: String(r.uuid), editDate: (r.edit_date as string | null) ?? null })));
}

/** What `staff` may see, by the emulator's own rules, against what their cache holds: equal sets. */
export async function expectCacheIsVisibleSet(
  page: ExtensionPage,
  stack: Stack,
  staff: string,
): Promise<{ cached: number; visible: number }> {
  const records = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
  const visible =
    staff === 'all' ? undefined : new Set(await stack.emulator.control.visibleJobUuids(stack.account.uuid, staff));
  const expected = serverHash(records, visible);
  const cached = contentHash(await readCachedJobs(page, cacheOf(stack, staff)));
  if (cached.hash !== expected.hash || cached.count !== expected.count) {
    throw new Error(
      `The cache of ${staff} holds ${cached.count} jobs (${cached.distinct} distinct), the platform lets them see ${expected.count}`,
    );
  }
  return { cached: cached.count, visible: expected.count };
}
