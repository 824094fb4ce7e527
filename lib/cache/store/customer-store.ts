// The customers' side of the cache: the contacts read from the platform and each live job's
// customer (what the customer index is built from), and the index itself, stored together in one
// transaction. The companies themselves are the cache's company segments.
import { loadCustomerIndex } from '../../search/customers/query';
import type { CustomerSource, SerializedCustomerIndex, SourceContact } from '../../search/customers/types';
import type { CacheDatabase } from './schema';

/** The key of the owed-build mark in the customers store (read by the popup too: lib/cache/reader). A full sync
 * stores it with "synced" (WriteBatch.customersPending); it is cleared only with the index it owes, so a worker
 * stopped mid-build finds it and builds again from the start. */
export const CUSTOMERS_PENDING_KEY = 'pending';

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

export async function readCustomerSource(db: CacheDatabase): Promise<StoredCustomerSource> {
  if (!db.objectStoreNames.contains('customers')) return emptyCustomerSource();
  const stored = (await db.get('customers', 'source')) as StoredCustomerSource | undefined;
  return stored?.version === 1 ? stored : emptyCustomerSource();
}

/** The index as last stored, or undefined when there is none of this format (a build makes one). */
export async function readCustomerIndex(db: CacheDatabase): Promise<SerializedCustomerIndex | undefined> {
  if (!db.objectStoreNames.contains('customers')) return undefined;
  try {
    return loadCustomerIndex(await db.get('customers', 'index'));
  } catch {
    return undefined;
  }
}

/** Stores the source and its index together, and clears the mark of a build still owed. */
export async function writeCustomers(
  db: CacheDatabase,
  source: StoredCustomerSource,
  index: SerializedCustomerIndex,
): Promise<void> {
  const tx = db.transaction('customers', 'readwrite');
  await Promise.all([
    tx.store.put(source, 'source'),
    tx.store.put(index, 'index'),
    tx.store.delete(CUSTOMERS_PENDING_KEY),
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
