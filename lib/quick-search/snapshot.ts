import type { QuickRow } from './rows';
import { idbRequest } from './idb-read';

// The popup's first screen, kept from its last opening: 20 rows in one small record, so the next
// opening shows today's or the recent jobs before the cache's lookups (megabytes at 100,000 jobs)
// are read. Its database is named "fieldside-…", so sign-out deletes it with the caches
// (lib/session/clear-cached-data.ts), and it is keyed by cache name, so another view never sees it.

export const SNAPSHOT_DB = 'fieldside-popup';
const STORE = 'firstScreen';

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

export async function readFirstScreen(cacheName: string, day: string, factory: IDBFactory = indexedDB): Promise<FirstScreen | null> {
  try {
    const db = await open(factory);
    const value = await idbRequest<FirstScreen | undefined>(db.transaction(STORE, 'readonly').objectStore(STORE).get(cacheName));
    db.close();
    return value && value.day === day && Array.isArray(value.rows) ? value : null;
  } catch {
    return null; // only a head start: the cache answers anyway
  }
}

export async function saveFirstScreen(cacheName: string, screen: FirstScreen, factory: IDBFactory = indexedDB): Promise<void> {
  try {
    const db = await open(factory);
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(screen, cacheName);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  } catch {
    // Not kept: the next opening reads the cache first, as this one did.
  }
}

/** localStorage key of the cache the popup last showed: only its name (no job data), so the next
 * opening can fetch that cache's first screen while it reads the session. */
const LAST_KEY = 'fieldside-popup-last-cache';

export function lastShownCache(): string | null {
  try {
    return globalThis.localStorage?.getItem(LAST_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberShownCache(cacheName: string): void {
  try {
    if (globalThis.localStorage?.getItem(LAST_KEY) !== cacheName) globalThis.localStorage?.setItem(LAST_KEY, cacheName);
  } catch {
    // Only a head start.
  }
}
