// What the customer sync remembers per cache connection between its updates, so a live job's update reads neither
// 100,000 jobs' customers nor the index's 5 MB of entries back from the database. Only the customer sync writes
// the source and the index, so what it last read or wrote is what is stored; a new connection starts with nothing
// known, and a cleared cache is seen where each is read.
import type { SerializedCustomerIndex } from '../../search/customers/types';
import {
  entryKeysOf,
  readCustomerIndex,
  readCustomerIndexJobs,
  readCustomerSource,
  type CustomerEntryKeys,
  type StoredCustomerSource,
} from '../store/customer-store';
import type { CacheDatabase } from '../store/schema';

/** The stored source as last read or written. */
const remembered = new WeakMap<CacheDatabase, StoredCustomerSource>();

/** Which entry of the stored index is which, as last read or written: a live job's update then reads the entries'
 * jobs alone (a cleared cache has no index stored, which readCustomerIndexJobs sees). */
const entryKeys = new WeakMap<CacheDatabase, CustomerEntryKeys>();

/** The customers' source: as remembered, or read afresh for a full sync (it follows the cache's clearing). */
export async function sourceOf(db: CacheDatabase, full: boolean): Promise<StoredCustomerSource> {
  const known = full ? undefined : remembered.get(db);
  if (known) return known;
  const stored = await readCustomerSource(db);
  remembered.set(db, stored);
  return stored;
}

/** The source just written. */
export function rememberSource(db: CacheDatabase, source: StoredCustomerSource): void {
  remembered.set(db, source);
}

/** The index just written whole. */
export function rememberIndex(db: CacheDatabase, index: SerializedCustomerIndex): void {
  entryKeys.set(db, entryKeysOf(index));
}

/** The stored index's jobs: its job part alone where which entry is which is known, else the whole index. */
export async function indexJobsOf(db: CacheDatabase) {
  const known = entryKeys.get(db);
  const jobs = known && (await readCustomerIndexJobs(db, known));
  if (jobs) return jobs;
  const stored = await readCustomerIndex(db);
  if (stored) rememberIndex(db, stored);
  return stored;
}
