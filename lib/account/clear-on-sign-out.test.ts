import { openDB } from 'idb';
import { afterEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { openCacheDb } from '../cache/store/schema';
import { answersDbName, cacheDbName, outboxDbName, SECRETS_DB_NAME } from '../databases';
import { sessionItem } from '../settings/items';
import { clearCachedData, createSignOutClearing } from './clear-on-sign-out';

afterEach(() => fakeBrowser.reset());

it("deletes this person's caches and kept answers, and leaves the secret store, unsent writes and other databases", async () => {
  const outbox = outboxDbName('acct1', 'staff1');
  const caches = [cacheDbName('acct1', 'staff1'), cacheDbName('acct1', 'staff2'), answersDbName('acct1', 'staff1')];
  for (const name of [...caches, SECRETS_DB_NAME, outbox, 'someone-else']) {
    (await openDB(name, 1, { upgrade: (db) => void db.createObjectStore('x') })).close();
  }
  const deleted = await clearCachedData();
  expect(deleted.sort()).toEqual([...caches].sort());
  const left = (await indexedDB.databases()).map((d) => d.name).sort();
  expect(left).toEqual(expect.arrayContaining([SECRETS_DB_NAME, outbox, 'someone-else']));
  for (const name of caches) expect(left).not.toContain(name);
});

it('sign-out closes the workspace, then deletes the account caches and the other Fieldside databases', async () => {
  await sessionItem.setValue({ mode: 'oauth', account: { uuid: 'ACCT-1', name: 'A', email: '' }, scopes: [], me: null, viewAs: null });
  const open = [await openCacheDb(cacheDbName('acct-1', 'tech')), await openCacheDb(cacheDbName('acct-1', 'all'))];
  const other = await openCacheDb(cacheDbName('acct-2', 'all'));
  other.close();
  const order: string[] = [];
  const clear = createSignOutClearing({
    closeWorkspace: async () => {
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
