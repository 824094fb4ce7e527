import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { openCacheDb } from '../cache/store/schema';
import { answersDbName, cacheDbName, outboxDbName, SECRETS_DB_NAME } from '../databases';
import { createSecretStore } from '../auth/secrets/store';
import { defaultConnection, ITEMS_ON_SIGN_OUT, sessionItem, signedOutReasonItem } from '../settings/items';
import { readSession } from '../settings/validated-reads';
import { clearCachedData, createSignOutClearing } from './clear-on-sign-out';
import { createSessionService } from './session-service';

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
  await sessionItem.setValue({
    mode: 'oauth',
    account: { uuid: 'ACCT-1', name: 'A', email: '' },
    scopes: [],
    me: null,
    viewAs: null,
  });
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

describe('the storage items at sign-out', () => {
  // A value for every item (complete by its type): what a signed-in person leaves behind.
  const samples: Record<keyof typeof ITEMS_ON_SIGN_OUT, unknown> = {
    connection: { ...defaultConnection, restUrl: 'https://api.acme.test' },
    managedConnection: { companionUrl: 'https://companion.acme.test' },
    session: {
      mode: 'oauth',
      account: { uuid: 'acct-9', name: 'Acme', email: '' },
      scopes: ['vendor'],
      me: null,
      viewAs: null,
    },
    signedOutReason: null,
    feedPosition: { accountUuid: 'acct-9', position: '42' },
    contentSites: ['https://mail.acme.test/*'],
    firstRun: { finished: false },
    syncFullRefresh: { 'oauth|x|acct-9|tech-1': 1 },
    syncDailyLimitHold: { 'x|acct-9': 2 },
    syncFeedLiveSeen: { 'oauth|x|acct-9|tech-1': 3 },
    syncCustomerUse: { 'oauth|x|acct-9|tech-1': 4 },
    apiUseToday: { 'x|acct-9': { day: '2026-01-01', count: 12 } },
    workNotices: { on: true, from: 6, to: 18 },
    sidePanelJob: '00000000-0000-4000-8000-000000000001',
    popupFirstScreen: {
      day: '2026-01-01',
      heading: "Today's jobs",
      rows: [],
      cacheName: 'fieldside-cache:acct-9:tech-1',
    },
    myJobs: { cacheName: 'fieldside-cache:acct-9:tech-1', day: '2026-01-01', jobs: { j: '2026-01-02' } },
    todayJobs: { cacheName: 'fieldside-cache:acct-9:tech-1', day: '2026-01-01', timeZone: null, jobs: ['j'] },
    pageGrants: {
      pages: { '1:0:doc': { kind: 'site', tabId: 1, since: 0, numbers: ['1001'], jobs: ['j'], opened: [] } },
      sites: { 'https://mail.acme.test': { since: 0, numbers: ['1001'] } },
    },
    pendingPairing: {
      id: '11111111-2222-4333-8444-555555555555',
      tabId: 7,
      accountUuid: 'acct-9',
      staff: { uuid: 'tech-1', name: 'Ethan Murphy', email: '', isAdmin: false, role: 'Field Technician' },
      expiresAt: 1,
      outcome: 'waiting',
      claim: { identity: 'a.b.c', pass: 'd.e.f', tokenDigest: 'x' },
    },
    newJobDrafts: {
      abc: {
        at: 1,
        draft: {
          from: 'email',
          description: 'Hot water again',
          addresses: [],
          emails: ['nina@example.test'],
          phones: [],
          name: 'Nina Ryan',
          customerUuid: null,
        },
      },
    },
  };

  it("clears every item that is the person's, keeps the device's, and leaves storage.session empty", async () => {
    for (const [name, { item }] of Object.entries(ITEMS_ON_SIGN_OUT)) {
      if (name === 'managedConnection')
        await fakeBrowser.storage.managed.set({ connection: samples.managedConnection });
      else await (item as { setValue(v: unknown): Promise<void> }).setValue(samples[name as keyof typeof samples]);
    }
    let forgotten = 0;
    const session = createSessionService({
      secrets: createSecretStore(`fieldside-secrets-items-${Date.now()}`),
      tokens: { forget: async () => undefined } as never,
      companion: {} as never,
      reader: {} as never,
      identity: {} as never,
      paired: {} as never,
      clearCachedData: createSignOutClearing({
        closeWorkspace: async () => undefined,
        forgetInMemory: () => void forgotten++,
      }),
      scheduleRefresh: async () => undefined,
    });
    await session.signOut('signed_out');

    for (const [name, { item, onSignOut }] of Object.entries(ITEMS_ON_SIGN_OUT)) {
      const value = await (item as { getValue(): Promise<unknown> }).getValue();
      if (onSignOut === 'clear') expect(value, name).toEqual((item as { fallback: unknown }).fallback);
      if (onSignOut === 'keep') expect(value, name).toEqual(samples[name as keyof typeof samples]);
    }
    expect(await readSession()).toBeNull();
    expect(await signedOutReasonItem.getValue()).toBe('signed_out');
    expect(forgotten).toBe(1);
    // Nothing of the person's is left in the browser session's storage (only items' version marks).
    const left = Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) => !key.endsWith('$'));
    expect(left).toEqual([]);
  });
});
