import { deleteDB } from 'idb';
import { accountCachePrefix, deletedOnSignOut } from '../databases';
import { ITEMS_ON_SIGN_OUT } from '../settings/items';
import { readSession } from '../settings/validated-reads';

// Sign-out and account switches remove this person's cached data by the registry in lib/databases.ts, the storage
// items lib/settings marks `clear`, and what the background holds of them in memory. The secret store clears its own
// entries (secrets/registry.ts). The outboxes stay: they hold writes the platform does not have yet (Fieldside never
// loses a note), per account and staff member, sent when that person signs in again.

function deleteWithoutWaiting(factory: IDBFactory, name: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`));
    // Another open connection delays deletion until it closes; don't hang sign-out on it.
    request.onblocked = () => resolve();
  });
}

/** The storage items sign-out clears. */
const clearedItems = Object.values(ITEMS_ON_SIGN_OUT).flatMap(({ item, onSignOut }) =>
  onSignOut === 'clear' ? [item] : [],
);

/** Deletes every database the registry marks "delete on sign-out", and clears the storage items
 * marked `clear`; answers the databases' names. */
export async function clearCachedData(factory: IDBFactory = indexedDB): Promise<string[]> {
  const names = (await factory.databases())
    .map((d) => d.name)
    .filter((name): name is string => !!name && deletedOnSignOut(name));
  await Promise.all([
    ...clearedItems.map((item) => item.removeValue()),
    ...names.map((name) => deleteWithoutWaiting(factory, name)),
  ]);
  return names;
}

/**
 * Sign-out: close the open workspace first (an open IndexedDB connection would block the deletion),
 * then delete the account's job caches for every staff member it was viewed as (waiting until they
 * are gone), then everything else the registry clears.
 */
export function createSignOutClearing(deps: {
  closeWorkspace: () => Promise<void>;
  /** Forgets what the background holds of the person in memory. */
  forgetInMemory?: () => void;
  factory?: IDBFactory;
}) {
  return async function clearAccountData(): Promise<string[]> {
    deps.forgetInMemory?.();
    await deps.closeWorkspace();
    const record = await readSession();
    const factory = deps.factory ?? indexedDB;
    let caches: string[] = [];
    if (record) {
      const prefix = accountCachePrefix(record.account.uuid);
      caches = (await factory.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith(prefix));
      await Promise.all(caches.map((n) => deleteDB(n)));
    }
    const rest = await clearCachedData(factory);
    return [...new Set([...caches, ...rest])];
  };
}
