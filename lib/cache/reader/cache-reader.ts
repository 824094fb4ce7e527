// The popup's own read-only access to the offline cache: the stored search index (whose display fields hold
// everything a result row shows) and the sync state, read straight from IndexedDB in one
// transaction so no keystroke waits on the background. No job lookups or job segments are read
// (megabytes at 100,000 jobs) unless there is no index yet (lookup-reader.ts, first sync).
// Reads only; the layout is lib/cache/store/schema.ts's (types only imported, so no writer is bundled).
import type { StoredSearchIndex } from '../store/schema';
import { CUSTOMER_KEYS, CUSTOMERS_PENDING_KEY, storedCustomerIndex } from '../store/customer-store';
import type { StoredSyncState } from '../store/sync-state';
import { browse, displayOf } from '../../search/query/browse';
import type { SearchIndex } from '../../search/format/index-state';
import { loadIndex } from '../../search/serialize';
import type { IndexPreview, SearchResult, SerializedSegment } from '../../search/format/types';
import { idbRequest } from './idb-read';
import { openLookupReader, type LookupReader } from './lookup-reader';
import { countDocs } from '../../search/format/live-docs';
import type { SerializedCustomerIndex } from '../../search/customers/types';

export interface CacheReader {
  /** The stored search index, or null while the first sync has not stored one (or it is of an
   * older format the background has yet to rebuild). */
  index: SearchIndex | null;
  /** The customer index (lib/search/customers), or null before the background has built one (or while
   * it is of an older format, until the background rebuilds it); `preparing` while a build is owed (the
   * jobs of a full sync are searchable before their customers). Read on its own, after the job index: its
   * tens of thousands of strings take tens of milliseconds to clone, and the jobs come first. Read once
   * when ready, again on each call until then. */
  customers(): Promise<CustomerIndexRead>;
  /** Whether a customer build is still owed: only the mark is read, not the index. */
  customersPreparing(): Promise<boolean>;
  /** Live jobs in the cache. */
  jobCount: number;
  /** The sync state stored with the cache: freshness even when the background cannot answer. */
  synced: { lastSyncedAt: number | null; lastError: string | null } | null;
  /** A day's jobs (`YYYY-MM-DD`), or the recent ones, from the index: open first, newest first. */
  browse(options: { day?: string; today?: string; limit: number; accept?: (doc: number) => boolean }): SearchResult[];
  /** One live job of the index as a row without a query, or null (not in the index, or no index). */
  shown(uuid: string): SearchResult | null;
  /** Only when `index` is null: the job records, read on first use. */
  lookups(): Promise<LookupReader>;
  close(): void;
}

export interface CustomerIndexRead {
  index: SerializedCustomerIndex | null;
  preparing: boolean;
}

const has = (db: IDBDatabase, name: string) => db.objectStoreNames.contains(name);

/** Resolves once the rows just set are painted (a frame, then a task), or after 50 ms at most:
 * reading the main segment blocks the page while it is deserialized, and must not delay that paint. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    setTimeout(done, 50);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
  });
}

/** `onPreview` gets the first-screen preview stored with the index, read on its own before the main
 * segment (tens of megabytes); when it shows it (returns true), the main segment is read after the
 * paint. */
export async function openCacheReader(
  db: IDBDatabase,
  onPreview?: (preview: IndexPreview) => boolean,
): Promise<CacheReader> {
  const stores = ['search', 'searchMain', 'sync'].filter((n) => has(db, n));
  const readIn =
    (tx: IDBTransaction | null) =>
    <T>(store: string, key: IDBValidKey): Promise<T | undefined> =>
      tx && has(db, store) ? idbRequest<T | undefined>(tx.objectStore(store).get(key)) : Promise.resolve(undefined);
  if (onPreview && has(db, 'search')) {
    const small = await readIn(db.transaction('search', 'readonly'))<StoredSearchIndex>('search', 'index');
    if (isPreview(small?.preview) && onPreview(small.preview)) await afterPaint();
  }
  // The index's parts are read again in one transaction: a sync may have stored a new index meanwhile.
  const read = readIn(stores.length > 0 ? db.transaction(stores, 'readonly') : null);
  const [rest, main, state] = await Promise.all([
    read<StoredSearchIndex>('search', 'index'),
    read<SerializedSegment>('searchMain', 'main'),
    read<Partial<StoredSyncState>>('sync', 'state'),
  ]);
  let index: SearchIndex | null = null;
  try {
    index = rest && main ? loadIndex({ ...rest, main }) : null;
  } catch {
    // An index of an older format: the background rebuilds it on its next load; until then the
    // rows come from the job records.
    index = null;
  }
  let lookups: Promise<LookupReader> | null = null;
  let customersReady: CustomerIndexRead | null = null;
  const openLookups = () => (lookups ??= openLookupReader(db));
  return {
    index,
    async customers() {
      if (customersReady) return customersReady;
      const readCustomers = readIn(has(db, 'customers') ? db.transaction('customers', 'readonly') : null);
      const [stored, jobs, pending] = await Promise.all([
        readCustomers<unknown>('customers', CUSTOMER_KEYS.index),
        readCustomers<unknown>('customers', CUSTOMER_KEYS.indexJobs),
        readCustomers<unknown>('customers', CUSTOMERS_PENDING_KEY),
      ]);
      const read = { index: storedCustomerIndex(stored, jobs), preparing: pending === true };
      if (read.index && !read.preparing) customersReady = read;
      return read;
    },
    async customersPreparing() {
      const readMark = readIn(has(db, 'customers') ? db.transaction('customers', 'readonly') : null);
      return (await readMark<unknown>('customers', CUSTOMERS_PENDING_KEY)) === true;
    },
    jobCount: index ? countDocs(index) : (await openLookups()).jobCount,
    synced: state ? { lastSyncedAt: state.lastSyncedAt ?? null, lastError: state.lastError ?? null } : null,
    browse: (options) => (index ? browse(index, options) : []),
    shown: (uuid) => (index ? shownOf(index, uuid) : null),
    lookups: openLookups,
    close: () => db.close(),
  };
}

function isPreview(value: unknown): value is IndexPreview {
  const v = value as Partial<IndexPreview> | undefined;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.day === 'string' &&
    typeof v.onDay === 'boolean' &&
    Array.isArray(v.jobs)
  );
}

/** A live job of the index as a row without a query, or null. */
export function shownOf(index: SearchIndex, uuid: string): SearchResult | null {
  const display = displayOf(index, uuid);
  return display === null ? null : { uuid, score: 0, matches: [], display };
}
