import type { Page } from 'playwright-core';

/** Writes waiting in the outbox database `name`, read from an extension page (same origin as the background). */
export function outboxCount(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (db) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const d = open.result;
          if (!d.objectStoreNames.contains('entries')) return (d.close(), resolve(0));
          const req = d.transaction('entries').objectStore('entries').count();
          req.onsuccess = () => (d.close(), resolve(req.result));
          req.onerror = () => (d.close(), reject(req.error));
        };
      }),
    name,
  );
}
