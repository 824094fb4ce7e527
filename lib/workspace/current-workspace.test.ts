// The current workspace with fakeBrowser storage, fake-indexeddb and a platform served by a fetch function.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { makeCompany, makeJob, range } from '../cache/testing/fixtures';
import { search } from '../search';
import type { LiveEvent } from '../messaging/views';
import { connectionItem, defaultConnection, sessionItem } from '../settings/items';
import { createCurrentWorkspace } from './current-workspace';
import { readWorkspaceKey } from '../settings/validated-reads';
import { type SessionRecord } from '../settings/schemas';

const BASE = 'http://127.0.0.1:9/';
const ACCOUNT = 'aaaaaaaa-0000-4000-8000-000000000001';
const ME = {
  uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
  name: 'Tess Tech',
  email: 't@example.com',
  isAdmin: true,
  role: 'Administrator',
};
const OTHER = {
  uuid: 'bbbbbbbb-0000-4000-8000-000000000002',
  name: 'Other',
  email: 'o@example.com',
  isAdmin: false,
  role: 'Field Technician',
};

const jobs = range(0, 30).map((n) => makeJob(n));
const companies = range(0, 7).map((n) => makeCompany(n));

/** A tiny platform: one page of each collection, the account, and the headers each request had. */
function platform() {
  const requests: Array<{ path: string; impersonate: string | null; auth: string | null }> = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push({
      path: url.pathname,
      impersonate: request.headers.get('x-impersonate-uuid'),
      auth: request.headers.get('authorization'),
    });
    const body = url.pathname.endsWith('/job.json')
      ? jobs
      : url.pathname.endsWith('/company.json')
        ? companies
        : url.pathname.endsWith('/vendor.json')
          ? [{ uuid: ACCOUNT, active: 1, name: 'Acme', timezone_name: 'UTC', email: '', website: '', currency: 'AUD' }]
          : [];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', date: new Date(Date.UTC(2030, 0, 1)).toUTCString() },
    });
  };
  return { fetch, requests };
}

async function signIn(record: Partial<SessionRecord> = {}) {
  await connectionItem.setValue({ ...defaultConnection, restUrl: BASE, companionUrl: 'http://127.0.0.1:8/' });
  await sessionItem.setValue({
    mode: 'oauth',
    account: { uuid: ACCOUNT, name: 'Acme', email: '' },
    scopes: ['read_jobs'],
    me: ME,
    viewAs: null,
    ...record,
  });
}

function makeWorkspace() {
  const events: LiveEvent[] = [];
  const net = platform();
  const tokens = { getAccessToken: async () => 'token-1', onUnauthorized: async () => 'token-2' };
  const workspace = createCurrentWorkspace({
    context: async () => ({ baseUrl: BASE, auth: { kind: 'oauth', tokens }, impersonate: undefined }),
    hub: { broadcast: (e) => void events.push(e) },
    fetch: net.fetch,
  });
  return { workspace, events, net };
}

afterEach(() => fakeBrowser.reset());

describe('createCurrentWorkspace', () => {
  it('has no scope and refuses to open anything while signed out', async () => {
    const { workspace } = makeWorkspace();
    expect(await workspace.key()).toBeNull();
    await expect(workspace.cache()).rejects.toMatchObject({ name: 'SignedOutError' });
    await expect(workspace.client()).rejects.toMatchObject({ name: 'SignedOutError' });
  });

  it('derives the scope from the session: me, view-as, API key (whole account), none before "who are you"', async () => {
    await signIn();
    expect(await readWorkspaceKey()).toMatchObject({
      accountUuid: ACCOUNT,
      staffUuid: ME.uuid,
      mode: 'oauth',
      baseUrl: BASE,
    });
    await signIn({ viewAs: OTHER });
    expect((await readWorkspaceKey())?.staffUuid).toBe(OTHER.uuid);
    await signIn({ mode: 'api_key', scopes: [] });
    expect((await readWorkspaceKey())?.staffUuid).toBe('all');
    await signIn({ me: null });
    expect(await readWorkspaceKey()).toBeNull();
  });

  it('impersonates the staff member in view, and follows a "view as" switch', async () => {
    await signIn({ meSource: 'platform' });
    const { workspace, net } = makeWorkspace();
    await (await workspace.client()).vendor.get();
    await signIn({ meSource: 'platform', viewAs: OTHER });
    await (await workspace.client()).vendor.get();
    expect(net.requests.map((r) => r.impersonate)).toEqual([ME.uuid, OTHER.uuid]);
    expect(net.requests.every((r) => r.auth === 'Bearer token-1')).toBe(true);
  });

  it("does not act as an administrator only chosen from the list: the token's own view (it could widen it)", async () => {
    await signIn({ meSource: 'chosen' });
    const { workspace, net } = makeWorkspace();
    await (await workspace.client()).vendor.get();
    await signIn({ meSource: 'chosen', me: OTHER });
    await (await workspace.client()).vendor.get();
    // A chosen technician narrows what is read; a chosen administrator is not acted as.
    expect(net.requests.map((r) => r.impersonate)).toEqual([null, OTHER.uuid]);
  });

  it('opens one cache per scope, the same one on every call, and a different one after a switch', async () => {
    await signIn();
    const { workspace } = makeWorkspace();
    const first = await workspace.cache();
    expect(await workspace.cache()).toBe(first);
    expect(first.db.name).toContain(ME.uuid);
    await signIn({ viewAs: OTHER });
    const second = await workspace.cache();
    expect(second).not.toBe(first);
    expect(second.db.name).toContain(OTHER.uuid);
    const outbox = await workspace.outbox();
    expect(outbox.name).toContain(OTHER.uuid);
    await workspace.close();
  });

  it('syncs the view, then upsertJobs updates the cache and the search index and tells every view', async () => {
    await signIn();
    const { workspace, events } = makeWorkspace();
    const state = await (await workspace.sync()).run();
    expect(state.counts.jobs).toBe(30);
    const changed = { ...makeJob(3), job_address: '9 Zanzibar Lane' };
    const gone = { ...makeJob(4), active: false };
    await workspace.upsertJobs([changed, gone]);
    const cache = await workspace.cache();
    expect((await cache.getJob(changed.uuid))?.job_address).toBe('9 Zanzibar Lane');
    expect(await cache.getJob(gone.uuid)).toBeUndefined();
    const index = await (await workspace.sync()).searchIndex();
    expect(search(index, 'zanzibar').map((r) => r.uuid)).toEqual([changed.uuid]);
    expect(search(index, '1004').map((r) => r.uuid)).not.toContain(gone.uuid);
    expect(events).toContainEqual({ type: 'jobs.changed', uuids: [changed.uuid, gone.uuid] });
    expect(cache.counts().jobs).toBe(29);
    await workspace.close();
  });

  it('close() closes the scope: the next call opens it again', async () => {
    await signIn({ mode: 'api_key', scopes: [] });
    const { workspace } = makeWorkspace();
    const first = await workspace.cache();
    await workspace.close();
    expect(workspace.openKey()).toBeNull();
    const again = await workspace.cache();
    expect(again).not.toBe(first);
    expect(again.db.name).toContain(':all');
    await workspace.close();
  });
});
