import type { QuickRow } from './rows';
import { idbRequest } from './idb-read';

// The popup's first screen (today's or the recent jobs, 20 rows) as last shown for a cache, in one
// small record. The popup reads it at the same time as the session, so it paints rows before the
// cache's search index (megabytes at 100,000 jobs) is read. The popup saves it whenever it computes
// its first screen, and the background after every sync, so even the first opening after a sync
// has one. It names the cache it was made from and is shown only when the session names that
// cache too, so another view's jobs are never shown. Its database is named "fieldside-…", so
// sign-out deletes it with the caches (lib/session/clear-cached-data.ts).

export const SNAPSHOT_DB = 'fieldside-popup';
const STORE = 'firstScreen';
/** One record: the first screen last shown or prepared, whichever cache it was. */
const LAST = 'last';

export interface FirstScreen {
  /** The local day it was made on: "Today's jobs" of yesterday are not shown. */
  day: string;
  heading: string;
  rows: QuickRow[];
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(SNAPSHOT_DB, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return idbRequest(request).then((db) => {
    db.onversionchange = () => db.close(); // sign-out deletes it
    return db;
  });
}

/** The first screen kept last, with the cache it shows; null when there is none for `day`. */
export async function readFirstScreen(day: string, factory: IDBFactory = indexedDB): Promise<(FirstScreen & { cacheName: string }) | null> {
  try {
    const db = await open(factory);
    const value = await idbRequest<Partial<FirstScreen & { cacheName: string }> | undefined>(db.transaction(STORE, 'readonly').objectStore(STORE).get(LAST));
    db.close();
    if (!value || value.day !== day || typeof value.cacheName !== 'string' || typeof value.heading !== 'string' || !Array.isArray(value.rows)) return null;
    return { cacheName: value.cacheName, day: value.day, heading: value.heading, rows: value.rows };
  } catch {
    return null; // only a head start: the cache answers anyway
  }
}

export async function saveFirstScreen(cacheName: string, screen: FirstScreen, factory: IDBFactory = indexedDB): Promise<void> {
  try {
    const db = await open(factory);
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put({ cacheName, ...screen }, LAST);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  } catch {
    // Not kept: the next opening reads the cache first, as this one did.
  }
}
