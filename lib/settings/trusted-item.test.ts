import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { SETTINGS_DB_NAME } from '../databases';
import type { SessionRecord } from './schemas';

// The trusted items (the connection, the session) where storage.local cannot be closed to content
// scripts, as in Firefox: kept in the extension origin's IndexedDB, so what a content script writes
// to storage.local changes no destination and no identity. And in Chrome: storage.local itself,
// closed at the background's start. Each test loads the settings afresh, as a page of the
// extension does; a second load plays another page of the same extension.

type Items = typeof import('./items') & typeof import('./validated-reads');
const load = async (): Promise<Items> => ({ ...(await import('./items')), ...(await import('./validated-reads')) });

const account = { uuid: 'acct-1', name: 'Acme Plumbing', email: 'office@acme.test' };
const staff = (uuid: string, isAdmin = false) => ({ uuid, name: uuid, email: '', isAdmin, role: '' });
const me: SessionRecord = { mode: 'oauth', account, scopes: ['vendor'], me: staff('tech-1'), viewAs: null };

/** What tests/unit/setup/chrome-storage.ts gave storage.local, put back after each test. */
const setAccessLevel = (fakeBrowser.storage.local as { setAccessLevel?: unknown }).setAccessLevel;
function asFirefox(): void {
  delete (fakeBrowser.storage.local as { setAccessLevel?: unknown }).setAccessLevel;
}

beforeEach(async () => {
  vi.resetModules();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(SETTINGS_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});
afterEach(() => {
  Object.assign(fakeBrowser.storage.local, { setAccessLevel });
  fakeBrowser.reset();
});

describe('where storage.local cannot be closed (Firefox)', () => {
  beforeEach(asFirefox);

  it("ignores a content script's writes to storage.local: the destination and the identity stay", async () => {
    const items = await load();
    const connection = {
      ...items.defaultConnection,
      restUrl: 'https://api.acme.test',
      companionUrl: 'https://companion.acme.test',
    };
    await items.connectionItem.setValue(connection);
    await items.sessionItem.setValue(me);
    const before = await items.readWorkspaceKey();

    // What a content script can do: write the keys the extension once used, in storage.local.
    await fakeBrowser.storage.local.set({
      connection: { ...connection, restUrl: 'https://evil.example', companionUrl: 'https://evil.example' },
      session: { ...me, me: staff('admin-1', true), viewAs: staff('owner-1', true) },
    });

    expect(await items.readConnection()).toEqual(connection);
    expect(await items.readSession()).toEqual(me);
    expect(await items.readWorkspaceKey()).toEqual(before);
    expect(before).toMatchObject({ staffUuid: 'tech-1', baseUrl: 'https://api.acme.test' });
  });

  it("moves what an older version kept in storage.local once, through the item's own migrations", async () => {
    await fakeBrowser.storage.local.set({
      connection: { platformUrl: 'https://api.acme.test', companionUrl: 'https://companion.acme.test' },
      connection$: { v: 1 },
      session: me,
      session$: { v: 1 },
    });
    const items = await load();
    expect(await items.readConnection()).toMatchObject({
      restUrl: 'https://api.acme.test',
      companionUrl: 'https://companion.acme.test',
    });
    expect(await items.readSession()).toEqual(me);
    // Gone from storage.local, and what is written there later does not count.
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    await fakeBrowser.storage.local.set({ session: { ...me, viewAs: staff('owner-1', true) } });
    expect(await items.readSession()).toEqual(me);
    expect(await (await load()).readSession()).toEqual(me);
  });

  it('starts from the fallbacks on a new install, and storage.local written later still does not count', async () => {
    const items = await load();
    expect(await items.readSession()).toBeNull();
    await fakeBrowser.storage.local.set({ session: me });
    expect(await items.readSession()).toBeNull();
    expect(await items.readConnection()).toEqual(items.defaultConnection);
  });

  it("tells the other pages' watchers, and they read the new value", async () => {
    const background = await load();
    vi.resetModules();
    const options = await load();
    const seen: Array<SessionRecord | null> = [];
    options.sessionItem.watch((next) => seen.push(next));
    await background.sessionItem.setValue(me);
    await expect.poll(() => seen).toEqual([me]);
    expect(await options.readSession()).toEqual(me);
    await background.sessionItem.setValue(null);
    await expect.poll(() => seen).toEqual([me, null]);
  });

  it("gives the popup's raw read what the item wrote, and nothing before the database exists, without making it", async () => {
    const { readTrustedRaw } = await import('./trusted-raw');
    const { STORAGE_KEYS } = await import('./keys');
    expect(await readTrustedRaw(STORAGE_KEYS.session)).toBeUndefined();
    // The raw read left no database behind: the items' own open still makes it with its store, and writes work.
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(SETTINGS_DB_NAME);
    const items = await load();
    await items.sessionItem.setValue(me);
    expect(await readTrustedRaw(STORAGE_KEYS.session)).toEqual(me);
    await items.sessionItem.setValue(null);
    expect(await readTrustedRaw(STORAGE_KEYS.session)).toBeUndefined();
  });
});

describe('where storage.local can be closed (Chrome)', () => {
  it('keeps the items in storage.local, and closes it to content scripts at the start', async () => {
    const calls: unknown[] = [];
    Object.assign(fakeBrowser.storage.local, { setAccessLevel: async (options: unknown) => void calls.push(options) });
    const items = await load();
    const { closeLocalToContentScripts } = await import('./trusted-area');
    await closeLocalToContentScripts();
    expect(calls).toEqual([{ accessLevel: 'TRUSTED_CONTEXTS' }]);
    await items.sessionItem.setValue(me);
    expect((await fakeBrowser.storage.local.get('session')).session).toEqual(me);
  });
});
