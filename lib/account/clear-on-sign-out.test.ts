import { openDB } from 'idb';
import { expect, it } from 'vitest';
import { clearCachedData } from './clear-on-sign-out';

it("deletes this person's Fieldside caches, and leaves the secret store, unsent writes and other databases", async () => {
  const outbox = 'fieldside-outbox-acct1-staff1';
  for (const name of ['fieldside-cache-acct1-staff1', 'fieldside-cache-acct1-staff2', 'fieldside-secrets', outbox, 'someone-else']) {
    (await openDB(name, 1, { upgrade: (db) => void db.createObjectStore('x') })).close();
  }
  const deleted = await clearCachedData();
  expect(deleted.sort()).toEqual(['fieldside-cache-acct1-staff1', 'fieldside-cache-acct1-staff2']);
  const left = (await indexedDB.databases()).map((d) => d.name).sort();
  expect(left).toEqual(expect.arrayContaining(['fieldside-secrets', outbox, 'someone-else']));
  expect(left).not.toContain('fieldside-cache-acct1-staff1');
});
