import { deleteAccountCaches } from '../cache';
import { readSession } from '../settings/items';
import { clearCachedData } from './clear-on-sign-out';

// Sign-out and account switches: close the open view first (an open IndexedDB connection would
// block the deletion), then delete the account's job caches for every staff member it was viewed
// as (waiting until they are gone), then every other Fieldside database but the secret store.

export function createClearViewData(deps: { closeView: () => Promise<void>; factory?: IDBFactory }) {
  return async function clearViewData(): Promise<string[]> {
    await deps.closeView();
    const record = await readSession();
    const factory = deps.factory ?? indexedDB;
    const caches = record ? await deleteAccountCaches(record.account.uuid, factory) : [];
    const rest = await clearCachedData(factory);
    return [...caches, ...rest];
  };
}
