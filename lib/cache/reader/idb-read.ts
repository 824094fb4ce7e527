// Read-only IndexedDB access for the popup and picker, without idb's wrappers (a few hundred bytes
// less) and, above all, without ever creating or upgrading a database: the background owns the
// cache's schema (lib/cache/store/schema.ts), and a database the popup created empty at version 1 would
// make the background's upgrade skip its version-1 stores.

export function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Opens an existing database at its current version; null when there is none (nothing synced yet), or when it is
 * above `newest`, the version this build reads (a newer build wrote it: the extension was rolled back; the
 * background starts such a cache over at its next opening, schema.ts). */
export function openExistingDb(
  name: string,
  factory: IDBFactory = indexedDB,
  newest = Number.POSITIVE_INFINITY,
): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name);
    let creating = false;
    // Only a database that does not exist yet gets an upgrade when opened without a version:
    // abort it, so nothing is created.
    request.onupgradeneeded = () => {
      creating = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      const db = request.result;
      if (db.version > newest) {
        db.close();
        return resolve(null);
      }
      // Sign-out deletes the cache and a schema upgrade needs it closed: let go at once.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = (event) => {
      if (creating) {
        event.preventDefault();
        resolve(null);
      } else reject(request.error ?? new Error(`Could not open ${name}`));
    };
  });
}
