// Whether a cache holds its customer index after a full sync (built after "synced", in the background): read in an
// extension page of the built extension, from the cache's IndexedDB.
import type { BenchPage } from './full-sync';

/** Whether the cache holds its customer index and owes no build (lib/cache/store/customer-store.ts). */
export function customersStored(page: BenchPage, cache: string): Promise<boolean> {
  return page.evaluate<string, Promise<boolean>>(
    (name) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('customers')) return (db.close(), resolve(false));
          const store = db.transaction('customers', 'readonly').objectStore('customers');
          const index = store.count('index');
          const pending = store.count('pending');
          pending.onsuccess = () => (db.close(), resolve(index.result === 1 && pending.result === 0));
        };
      }),
    cache,
  );
}

/** Waits until the customers are stored after "synced" (built then, in the background); ms from the call. */
export async function customersAfterSync(page: BenchPage, cache: string): Promise<number> {
  const t0 = Date.now();
  while (!(await customersStored(page, cache))) {
    if (Date.now() - t0 > 300_000) throw new Error('the customers were not stored within five minutes of "synced"');
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - t0;
}
