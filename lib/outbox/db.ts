// The outbox's IndexedDB database: one small database per account and staff member (like the cache),
// so writes queued while impersonating one technician are never sent as another.
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxEntry } from './types';

export interface OutboxDB extends DBSchema {
  entries: {
    key: number;
    value: OutboxEntry;
    indexes: {
      /** Equal index keys come back in primary-key (seq) order: a job's writes in the order written. */
      'by-job': string;
      /** Unique: enqueueing the same client uuid twice (a double submit) keeps one entry. */
      'by-client-uuid': string;
    };
  };
}

export const OUTBOX_DB_VERSION = 1;

/**
 * Opens (and creates or upgrades) the database through the given factory rather than the global
 * `indexedDB`, so tests and the service worker pass their own. idb's `openDB` only uses the global,
 * so this is its few lines with the factory as a parameter.
 */
export async function openOutboxDb(factory: IDBFactory, name: string): Promise<IDBPDatabase<OutboxDB>> {
  const request = factory.open(name, OUTBOX_DB_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as IDBPDatabase<OutboxDB>;
    // Stepwise: each version adds to the previous one, so any older database reaches the current shape.
    if (event.oldVersion < 1) {
      const entries = db.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
      entries.createIndex('by-job', 'jobUuid');
      entries.createIndex('by-client-uuid', 'clientUuid', { unique: true });
    }
  });
  const db = (await wrap(request)) as unknown as IDBPDatabase<OutboxDB>;
  // Another context upgrading the schema (a newer extension version) must not wait on us forever.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
