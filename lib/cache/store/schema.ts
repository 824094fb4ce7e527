// THE IndexedDB schema of the offline job cache, and its upgrades. One database per account and
// staff member (lib/databases.ts's cacheDbName), so an impersonated workspace never reads another person's jobs.
//
// Jobs are stored in segments of SEGMENT_SIZE jobs (lookup.ts), whatever size the platform pages in
// (segment-writer.ts says why), never one record per job:
// Chromium pays per IndexedDB record however writes are batched, so a large account written job
// by job takes many times longer than the same jobs in segments (shared/TOOLCHAIN.md).
// The lookup store holds one small chunk per segment (parallel arrays of uuids, job numbers, flags),
// so a page of a full sync writes its segments, their chunks and the sync state in one transaction,
// and opening the cache is one getAll of the chunks instead of reading every job.
// Since version 3 a job segment stores its jobs as columns (segment-codec.ts), not as objects.
// Since version 5 the segment and lookup stores have out-of-line keys (the writer passes the segment's id): a put into
// a store with a key path makes the browser deserialize a whole copy of the value to read its key (Chromium: about
// 535 KB of garbage per 1,000-job segment, a third of what a full sync allocated beyond its floor).
// Since version 6 a job segment leaves the four columns its lookup chunk holds (uuids, job numbers, dates, edit dates)
// to the chunk (segment-codec.ts's segmentColumns reads them back): a sixth of what each put cloned was those values
// twice. Segments stored before keep them and are read as they are: the step to version 6 converts nothing.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { Company, Job } from '../../api/schemas';
import type { SerializedSearchIndex, SerializedSegment } from '../../search';
import { encodeJobs, jobCount, type StoredJobColumns } from './segment-codec';
import type { StoredSyncState } from './sync-state';
import type { CustomerStoreKey, StoredCustomerValue } from './customer-store';

import { DB_VERSION } from './version';

export { DB_VERSION };

/** The stores of segments and their lookup chunks: keyed by segment id, out of line since version 5. */
const SEGMENT_STORES = ['jobSegments', 'companySegments', 'jobLookup', 'companyLookup'] as const;

export interface JobSegment {
  id: number;
  /** How many jobs (slots) the segment holds; superseded copies and tombstones count. */
  count: number;
  /** Job i is slot i of every column. Read and written only through segment-codec.ts: since version 6 without the
   * columns the segment's lookup chunk holds (segmentColumns). Tombstones (active false) stay here; lookups and search
   * leave them out. */
  columns: StoredJobColumns;
}

/** A job segment as versions 1 and 2 stored it; the step to version 3 converts them. */
export interface JobSegmentV2 {
  id: number;
  jobs: Job[];
}

export interface CompanySegment {
  id: number;
  companies: Company[];
}

/** The compact index of one job segment: entry i describes job i of that segment. */
export interface LookupChunk {
  segment: number;
  uuids: string[];
  numbers: string[];
  /** 1 live, 0 tombstone, 2 superseded: an incremental sync wrote a newer copy to the tail segment
   * instead of rewriting this whole segment for one job (compaction.ts reclaims these slots). */
  active: Uint8Array;
  /** `job.date` (scheduled date, local time) or "" — for "today" lists without reading segments. */
  dates: string[];
  /** `job.edit_date` or "" — for "recent" lists. */
  edits: string[];
}

/** The same for a company segment (companies are few: uuids only). */
export interface CompanyLookupChunk {
  segment: number;
  uuids: string[];
}

export type StoredSearchIndex = Omit<SerializedSearchIndex, 'main'>;

export interface CacheDB extends DBSchema {
  jobSegments: { key: number; value: JobSegment };
  companySegments: { key: number; value: CompanySegment };
  jobLookup: { key: number; value: LookupChunk };
  companyLookup: { key: number; value: CompanyLookupChunk };
  /** One record, key "state": progress, resume point and the incremental-sync mark. */
  sync: { key: 'state'; value: StoredSyncState };
  /** The serialized search index (lib/search) but its main segment, added in version 2. */
  search: { key: 'index'; value: StoredSearchIndex };
  /** Its main segment, apart: an incremental sync changes only the small delta and the live flags,
   * and must not rewrite megabytes of unchanged main segment each time. Added in version 2. */
  searchMain: { key: 'main'; value: SerializedSegment };
  /** The customers' contacts and jobs (keys "source" and "source-jobs") and the customer index built from them
   * (keys "index" and "index-jobs": lib/search/customers), added in version 4; "pending" while a full build is owed.
   * Each in two parts since the jobs' parts were put apart (customer-store.ts). */
  customers: { key: CustomerStoreKey; value: StoredCustomerValue };
}

export type CacheDatabase = IDBPDatabase<CacheDB>;
type UpgradeTx = IDBPTransaction<CacheDB, ArrayLike<StoreNames<CacheDB>>, 'versionchange'>;

/**
 * Stepwise upgrades from `oldVersion` up to `target` (DB_VERSION in production; tests pass a lower
 * target to create an old database and then upgrade it). Each step only adds; none drops data.
 */
export function upgradeSchema(db: CacheDatabase, oldVersion: number, target: number, tx: UpgradeTx): void {
  if (oldVersion < 1 && target >= 1) {
    db.createObjectStore('jobSegments', { keyPath: 'id' });
    db.createObjectStore('companySegments', { keyPath: 'id' });
    db.createObjectStore('jobLookup', { keyPath: 'segment' });
    db.createObjectStore('companyLookup', { keyPath: 'segment' });
    db.createObjectStore('sync');
  }
  if (oldVersion < 2 && target >= 2) {
    // Version 2 stores the search index with the cache so the popup answers from its first
    // keystroke. A version-1 cache has none yet: openJobCache rebuilds it from the segments.
    db.createObjectStore('search');
    db.createObjectStore('searchMain');
  }
  // A conversion that throws must not let the transaction commit half done; an aborted upgrade is reported by
  // openDB's rejection (idb's `done` would reject unheard).
  tx.done.catch(() => {});
  let steps: Promise<void> = Promise.resolve();
  if (oldVersion >= 1 && oldVersion < 3 && target >= 3) {
    // Version 3 stores a job segment's jobs as columns (segment-codec.ts): cheaper to clone on
    // every put. Positions do not move, so the lookup chunks and the search index stay valid.
    steps = columnarSegments(tx);
  }
  if (oldVersion < 4 && target >= 4) {
    // Version 4 adds the customers and their contacts: an older cache has none, so its next sync
    // reads every contact once and builds the customer index (customer-sync.ts).
    db.createObjectStore('customers');
  }
  if (oldVersion < 5 && target >= 5) {
    // Version 5: the segment and lookup stores keyed out of line (above), their records copied as they are, after
    // the conversions before it.
    steps = steps.then(() => outOfLineKeys(db, tx));
  }
  // Version 6 changes what a job segment stores from then on (above): no store changes, no record is converted.
  steps.catch(() => {
    try {
      tx.abort();
    } catch {
      // Already aborted (a failed request aborts it): nothing left to undo.
    }
  });
}

/** Each segment store moved to a store of the same name without a key path, record by record under the same keys. */
async function outOfLineKeys(db: CacheDatabase, tx: UpgradeTx): Promise<void> {
  for (const name of SEGMENT_STORES) {
    const keyed = `${name}-keyed`;
    (tx.objectStore(name) as unknown as { name: string }).name = keyed;
    const moved = tx.objectStore(keyed as typeof name);
    const store = db.createObjectStore(name);
    let cursor = await moved.openCursor();
    while (cursor) {
      await store.put(cursor.value, cursor.key);
      cursor = await cursor.continue();
    }
    db.deleteObjectStore(keyed as typeof name);
  }
}

/** Rewrites every version-2 job segment as columns, one segment at a time (a cursor, so 100,000
 * jobs are never all in memory), inside the upgrade transaction: all converted or, if anything
 * fails, the upgrade aborts (upgradeSchema) and the version-2 cache stays as it was (openCacheDb then starts over). */
async function columnarSegments(tx: UpgradeTx): Promise<void> {
  let cursor = await tx.objectStore('jobSegments').openCursor();
  while (cursor) {
    const stored = cursor.value as unknown as Partial<JobSegment & JobSegmentV2>;
    if (stored.columns === undefined) {
      const columns = encodeJobs(stored.jobs ?? []);
      await cursor.update({ id: cursor.key, count: jobCount(columns), columns });
    }
    cursor = await cursor.continue();
  }
}

/** Opens (creating or upgrading) one cache database. Uses the global `indexedDB`. An older cache
 * that cannot be upgraded (a record the conversion fails on: the upgrade aborts, atomically) would
 * fail the same way at every opening, and so would a cache a newer build wrote (the extension rolled
 * back: the browser refuses to open a database at a lower version, VersionError), so either is started
 * over, empty: it holds nothing the platform does not (notes waiting to be sent live in the outbox's
 * own database, which is never started over), and the next sync refills it. */
export async function openCacheDb(name: string, version: number = DB_VERSION): Promise<CacheDatabase> {
  try {
    return await openAt(name, version);
  } catch (error) {
    if (!(error instanceof DOMException && (error.name === 'AbortError' || error.name === 'VersionError'))) throw error;
    await deleteDB(name);
    return openAt(name, version);
  }
}

async function openAt(name: string, version: number): Promise<CacheDatabase> {
  const db: CacheDatabase = await openDB<CacheDB>(name, version, {
    upgrade: (upgrading, oldVersion, _newVersion, tx) => upgradeSchema(upgrading, oldVersion, version, tx),
    // A newer version or a deletion (sign-out) waits for us: let go, so it is not blocked forever.
    blocking: () => db.close(),
  });
  return db;
}
