// Sign-out deletes this account's job caches (every staff member it was viewed as) after closing
// the open view, and every other Fieldside database but the secret store.
import { afterEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { cacheDbName, openCacheDb } from '../cache';
import { sessionItem } from '../settings/items';
import { createClearViewData } from './clear-account-data';

afterEach(() => fakeBrowser.reset());

it('closes the view, then deletes the account caches and the other Fieldside databases', async () => {
  await sessionItem.setValue({ mode: 'oauth', account: { uuid: 'ACCT-1', name: 'A', email: '' }, scopes: [], me: null, viewAs: null });
  const open = [await openCacheDb(cacheDbName('acct-1', 'tech')), await openCacheDb(cacheDbName('acct-1', 'all'))];
  const other = await openCacheDb(cacheDbName('acct-2', 'all'));
  other.close();
  const order: string[] = [];
  const clear = createClearViewData({
    closeView: async () => {
      order.push('close');
      for (const db of open) db.close();
    },
  });
  const deleted = await clear();
  expect(order).toEqual(['close']);
  expect(deleted).toEqual(expect.arrayContaining([cacheDbName('acct-1', 'tech'), cacheDbName('acct-1', 'all')]));
  const left = (await indexedDB.databases()).map((d) => d.name);
  expect(left).not.toContain(cacheDbName('acct-1', 'tech'));
  expect(left).not.toContain(cacheDbName('acct-1', 'all'));
});
