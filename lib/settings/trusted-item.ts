import { openDB, type IDBPDatabase } from 'idb';
import { browser } from 'wxt/browser';
import type { WxtStorageItem } from 'wxt/utils/storage';
import { SETTINGS_DB_NAME } from '../databases';
import { areaName, type TrustedKey } from './keys';
import { localIsTrusted } from './trusted-area';
import { TRUSTED_STORE, type TrustedRecord } from './trusted-raw';

// The trusted items (keys.ts TRUSTED_KEYS) where storage.local cannot be closed to content scripts
// (trusted-area.ts): kept in the extension origin's IndexedDB, which content scripts never reach.
// Changes reach Fieldside's other pages through a BroadcastChannel of that same origin. Where
// storage.local can be closed (Chrome), every call goes to the storage.local item as declared.

const STORE = TRUSTED_STORE;
interface Change {
  name: string;
  next: unknown;
  previous: unknown;
}

let database: Promise<IDBPDatabase> | undefined;
const open = () =>
  (database ??= openDB(SETTINGS_DB_NAME, 1, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore(STORE);
    },
    // A newer version (or a deletion) waits for this page: let go, and open again when next asked.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      database = undefined;
    },
  }));

const listeners = new Set<(change: Change) => void>();
let channel: BroadcastChannel | undefined;
/** Changes made by Fieldside's other pages (the writer's own listeners are called directly). */
function listenToOtherPages(): void {
  if (channel) return;
  channel = new BroadcastChannel('fieldside-trusted-settings');
  channel.onmessage = (event: MessageEvent<Change>) => listeners.forEach((listener) => listener(event.data));
  // Node's channel (unit tests) would keep the process alive; browsers have no unref.
  (channel as { unref?: () => void }).unref?.();
}

async function readRecord(name: string): Promise<TrustedRecord | undefined> {
  return (await (await open()).get(STORE, name)) as TrustedRecord | undefined;
}

/** Calls `onChange` whenever the trusted item changes, whichever of Fieldside's contexts wrote it. */
export function watchTrustedRaw(key: TrustedKey, onChange: () => void): () => void {
  const name = areaName(key);
  if (localIsTrusted()) {
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && name in changes) onChange();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  }
  const listener = (change: Change) => change.name === name && onChange();
  listeners.add(listener);
  listenToOtherPages();
  return () => void listeners.delete(listener);
}

export type TrustedItem<T> = Pick<
  WxtStorageItem<T, Record<string, never>>,
  'fallback' | 'getValue' | 'setValue' | 'removeValue' | 'watch' | 'migrate'
>;

/**
 * A trusted item, declared (lib/settings/items.ts) as the storage.local item it is in Chrome. Where
 * storage.local cannot be closed, it is kept in IndexedDB instead; what an older version left in
 * storage.local (after that item's own migrations) is moved there once, the first time it is read,
 * and storage.local no longer counts for it after that.
 */
export function trustedItem<T>(local: WxtStorageItem<T, Record<string, never>>): TrustedItem<T> {
  const name = areaName(local.key as TrustedKey);
  let moved: Promise<void> | undefined;

  const moveFromLocal = (): Promise<void> =>
    (moved ??= (async () => {
      const db = await open();
      if ((await db.get(STORE, name)) !== undefined) return;
      const stored = (await browser.storage.local.get(name))[name];
      const value = stored === undefined || stored === null ? null : await local.getValue();
      // Whoever writes first wins (another page may be moving it, or already have set a new value).
      const tx = db.transaction(STORE, 'readwrite');
      if ((await tx.store.get(name)) === undefined) await tx.store.put({ value } satisfies TrustedRecord, name);
      await tx.done;
      await local.removeValue({ removeMeta: true });
    })().catch((error: unknown) => {
      moved = undefined;
      throw error;
    }));

  const withFallback = (value: unknown): T => (value ?? local.fallback) as T;

  async function write(value: T | null): Promise<void> {
    await moveFromLocal();
    const tx = (await open()).transaction(STORE, 'readwrite');
    const previous = ((await tx.store.get(name)) as TrustedRecord | undefined)?.value ?? null;
    await tx.store.put({ value } satisfies TrustedRecord, name);
    await tx.done;
    const change: Change = { name, next: value, previous };
    listeners.forEach((listener) => listener(change));
    listenToOtherPages();
    channel?.postMessage(change);
  }

  return {
    get fallback() {
      return local.fallback;
    },
    getValue: async () => {
      if (localIsTrusted()) return local.getValue();
      await moveFromLocal();
      return withFallback((await readRecord(name))?.value);
    },
    setValue: (value) => (localIsTrusted() ? local.setValue(value) : write(value)),
    removeValue: () => (localIsTrusted() ? local.removeValue() : write(null)),
    watch: (callback) => {
      if (localIsTrusted()) return local.watch(callback);
      const listener = (change: Change) => {
        if (change.name === name) callback(withFallback(change.next), withFallback(change.previous));
      };
      listeners.add(listener);
      listenToOtherPages();
      return () => void listeners.delete(listener);
    },
    migrate: () => (localIsTrusted() ? local.migrate() : moveFromLocal()),
  };
}
