// The customers' side of the cache: the contacts read from the platform and each live job's
// customer (what the customer index is built from), and the index itself, stored together in one
// transaction. The companies themselves are the cache's company segments.
//
// The source and the index are each stored in two parts: what jobs do (each live job's customer; each entry's jobs)
// apart from the rest (the contacts; the entries and their words). A job that came, went or moved to another
// customer (a live new job, most incremental syncs: customer-job-moves.ts) changes only the first, and only it is
// written again: at 58,500 jobs and 27,000 contacts, 7.5 MB of the 20.7 the whole took for each new job. Such an
// update reads only the index's job part too (readCustomerIndexJobs), its entries known from the last read or write.
import type { CustomerIndexJobs } from '../../search/customers/jobs-moved';
import { loadCustomerIndex } from '../../search/customers/query';
import type { CustomerSource, SerializedCustomerIndex, SourceContact } from '../../search/customers/types';
import type { CacheDatabase } from './schema';

/** The key of the owed-build mark in the customers store (read by the popup too: lib/cache/reader). A full sync
 * stores it with "synced" (WriteBatch.customersPending); it is cleared only with the index it owes, so a worker
 * stopped mid-build finds it and builds again from the start. */
export const CUSTOMERS_PENDING_KEY = 'pending';

/** Where each part is kept in the customers store. */
export const CUSTOMER_KEYS = {
  source: 'source',
  sourceJobs: 'source-jobs',
  index: 'index',
  indexJobs: 'index-jobs',
} as const;

/** Every key of the customers store (schema.ts's declaration of the store takes it from here). */
export type CustomerStoreKey = (typeof CUSTOMER_KEYS)[keyof typeof CUSTOMER_KEYS] | typeof CUSTOMERS_PENDING_KEY;

export type ContactKind = SourceContact['kind'];

export interface StoredCustomerSource {
  version: 1;
  /** Every contact has been read once (a first read cut off is done again whole). */
  complete: boolean;
  /** The account's country (vendor.default_region): phone numbers' keys are made for it. */
  region: string | null;
  contacts: SourceContact[];
  /** Each live job's customer ('' for none), as two parallel lists. */
  jobs: string[];
  customers: string[];
  /** Platform time of the last read of contacts; the next reads those changed since. */
  readAt: number | null;
  /** Kinds of contact the platform would not give (a scope not granted): read again at a full sync. */
  refused: ContactKind[];
  /** The customer index format last built from it: another one is rebuilt at the next sync. */
  indexVersion: number;
}

export function emptyCustomerSource(): StoredCustomerSource {
  return {
    version: 1,
    complete: false,
    region: null,
    contacts: [],
    jobs: [],
    customers: [],
    readAt: null,
    refused: [],
    indexVersion: 0,
  };
}

/** The stored source's job part: each live job's customer. */
export type StoredSourceJobs = Pick<StoredCustomerSource, 'jobs' | 'customers'>;

/** What the customers store holds under its keys (an earlier version stored the source and the index whole). */
export type StoredCustomerValue =
  | Omit<StoredCustomerSource, 'jobs' | 'customers'>
  | StoredCustomerSource
  | StoredSourceJobs
  | Omit<SerializedCustomerIndex, 'jobs'>
  | SerializedCustomerIndex
  | string[]
  | true;

export async function readCustomerSource(db: CacheDatabase): Promise<StoredCustomerSource> {
  if (!db.objectStoreNames.contains('customers')) return emptyCustomerSource();
  const tx = db.transaction('customers', 'readonly');
  const [stored, jobs] = await Promise.all([
    tx.store.get(CUSTOMER_KEYS.source) as Promise<Partial<StoredCustomerSource> | undefined>,
    tx.store.get(CUSTOMER_KEYS.sourceJobs) as Promise<Partial<StoredSourceJobs> | undefined>,
    tx.done,
  ]);
  if (stored?.version !== 1) return emptyCustomerSource();
  // Stored whole by an earlier version: its job part inside, until a write puts it apart (the newer then).
  const part = jobs ?? stored;
  if (!Array.isArray(part?.jobs) || !Array.isArray(part.customers) || part.jobs.length !== part.customers.length)
    return emptyCustomerSource();
  return { ...(stored as StoredCustomerSource), jobs: part.jobs, customers: part.customers };
}

/** The index as last stored, or undefined when there is none of this format (a build makes one). */
export async function readCustomerIndex(db: CacheDatabase): Promise<SerializedCustomerIndex | undefined> {
  if (!db.objectStoreNames.contains('customers')) return undefined;
  const tx = db.transaction('customers', 'readonly');
  const [stored, jobs] = await Promise.all([
    tx.store.get(CUSTOMER_KEYS.index),
    tx.store.get(CUSTOMER_KEYS.indexJobs),
    tx.done,
  ]);
  return storedCustomerIndex(stored, jobs) ?? undefined;
}

/** Which entry of a stored index is which (its ids, kinds and count) and the country its phone keys were made for:
 * what a job-only update needs of the index besides the entries' jobs. */
export type CustomerEntryKeys = Pick<SerializedCustomerIndex, 'region' | 'count' | 'ids' | 'kinds'>;

export const entryKeysOf = ({ region, count, ids, kinds }: CustomerEntryKeys): CustomerEntryKeys => ({
  region,
  count,
  ids,
  kinds,
});

/** The stored index's job part with `entries` (its other part as the caller last read or wrote it) for the rest,
 * or undefined when that part is no longer stored or the job part does not fit it (then read the whole index).
 * A job-only update needs no more: at 58,500 jobs it reads 2.6 MB, not the entries' and their words' 5.8 too. */
export async function readCustomerIndexJobs(
  db: CacheDatabase,
  entries: CustomerEntryKeys,
): Promise<(CustomerEntryKeys & CustomerIndexJobs) | undefined> {
  if (!db.objectStoreNames.contains('customers')) return undefined;
  const tx = db.transaction('customers', 'readonly');
  const [jobs, stored] = await Promise.all([
    tx.store.get(CUSTOMER_KEYS.indexJobs),
    tx.store.getKey(CUSTOMER_KEYS.index),
    tx.done,
  ]);
  if (stored === undefined || !Array.isArray(jobs) || jobs.length !== entries.count) return undefined;
  return { ...entries, jobs };
}

/** The index from its two stored parts (read in one transaction, so they are of one write), or null when they are
 * missing or of another format. Also what lib/cache/reader and the new-job form read it with. */
export function storedCustomerIndex(stored: unknown, jobs: unknown): SerializedCustomerIndex | null {
  if (stored === undefined || stored === null) return null;
  try {
    // Stored whole by an earlier version: its jobs inside, until a write puts them apart (the newer then).
    const whole = { ...(stored as object), jobs: jobs ?? (stored as Partial<SerializedCustomerIndex>).jobs };
    const index = loadCustomerIndex(whole);
    return Array.isArray(index.jobs) && index.jobs.length === index.count ? index : null;
  } catch {
    return null;
  }
}

/** Stores the source and its index together, and clears the mark of a build still owed. */
export async function writeCustomers(
  db: CacheDatabase,
  source: StoredCustomerSource,
  index: SerializedCustomerIndex,
): Promise<void> {
  const { jobs, customers, ...rest } = source;
  const { jobs: entryJobs, ...entries } = index;
  await writeParts(db, { jobs, customers }, entryJobs, [
    [rest, CUSTOMER_KEYS.source],
    [entries, CUSTOMER_KEYS.index],
  ]);
}

/** Stores the job parts alone, where nothing but jobs moved since what is stored (the contacts, the entries and
 * their words are as stored): `entryJobs`, each entry's jobs, in the stored index's order of entries. */
export async function writeCustomerJobs(
  db: CacheDatabase,
  source: StoredCustomerSource,
  entryJobs: string[],
): Promise<void> {
  await writeParts(db, { jobs: source.jobs, customers: source.customers }, entryJobs, []);
}

async function writeParts(
  db: CacheDatabase,
  sourceJobs: StoredSourceJobs,
  entryJobs: string[],
  others: Array<[StoredCustomerValue, CustomerStoreKey]>,
): Promise<void> {
  const tx = db.transaction('customers', 'readwrite');
  await Promise.all([
    tx.store.put(sourceJobs, CUSTOMER_KEYS.sourceJobs),
    tx.store.put(entryJobs, CUSTOMER_KEYS.indexJobs),
    tx.store.delete(CUSTOMERS_PENDING_KEY),
    ...others.map(([value, key]) => tx.store.put(value, key)),
    tx.done,
  ]);
}

export async function customersPending(db: CacheDatabase): Promise<boolean> {
  if (!db.objectStoreNames.contains('customers')) return false;
  return (await db.get('customers', CUSTOMERS_PENDING_KEY)) === true;
}

/** The stored source as lib/search/customers builds from it. */
export function customerSourceOf(stored: StoredCustomerSource, companies: CustomerSource['companies']): CustomerSource {
  const jobCustomers = new Map<string, string>();
  stored.jobs.forEach((job, i) => jobCustomers.set(job, stored.customers[i] ?? ''));
  return { companies, contacts: stored.contacts, jobCustomers };
}
