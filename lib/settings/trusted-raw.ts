import { browser } from 'wxt/browser';
import { SETTINGS_DB_NAME } from '../databases';
import { areaName, type TrustedKey } from './keys';
import { localIsTrusted } from './trusted-area';

// A trusted item's stored value, raw, for the popup and its early script: plain IndexedDB (no idb, no zod), since
// the early script is a classic script that shares no chunk with the popup's modules and is paid for at every
// opening. trusted-item.ts writes these records and creates their database.

/** The store of the trusted items' database (trusted-item.ts opens it at version 1 with this store). */
export const TRUSTED_STORE = 'items';
/** A trusted item's record; `value` null when nothing is set (the item's fallback applies). */
export interface TrustedRecord {
  value: unknown;
}

/** The record `name`, or undefined when there is none. A database not made yet is not made here: its creation is
 * aborted (which removes it), and trusted-item.ts makes it with its store when it first needs it. */
function readRecordPlain(name: string): Promise<TrustedRecord | undefined> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(SETTINGS_DB_NAME);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => (open.error?.name === 'AbortError' ? resolve(undefined) : reject(open.error));
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(TRUSTED_STORE)) {
        db.close();
        return resolve(undefined);
      }
      const get = db.transaction(TRUSTED_STORE, 'readonly').objectStore(TRUSTED_STORE).get(name);
      get.onsuccess = () => resolve(get.result as TrustedRecord | undefined);
      get.onerror = () => reject(get.error);
      db.close(); // closes once the read is done; a newer version never waits for this page
    };
  });
}

/** A trusted item's stored value, raw (undefined: none). */
export async function readTrustedRaw(key: TrustedKey): Promise<unknown> {
  const name = areaName(key);
  if (localIsTrusted()) return (await browser.storage.local.get(name))[name];
  return (await readRecordPlain(name))?.value ?? undefined;
}
