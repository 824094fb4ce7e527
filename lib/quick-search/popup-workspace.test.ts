import { describe, expect, it } from 'vitest';
import { sessionItem } from '../settings/items';
import { readPopupWorkspace, popupWorkspaceOf } from './popup-workspace';
import { cacheDbName } from '../databases';

const account = {
  uuid: 'AAAAAAAA-0000-4000-8000-000000000001',
  name: 'Acme',
  email: 'a@example.com',
  timeZone: 'Australia/Sydney',
};
/** What finding jobs needs: jobs and their customers. */
const SEARCH = ['read_jobs', 'read_customers'];
const staff = (uuid: string) => ({ uuid, name: uuid, email: '', isAdmin: false, role: '' });

describe('popupWorkspaceOf: the same cache the background fills', () => {
  const cases = [
    { name: 'signed out', record: null, workspace: { state: 'signed_out' } },
    { name: 'garbage', record: { mode: 'other' }, workspace: { state: 'signed_out' } },
    {
      name: 'API key: the whole account',
      record: { mode: 'api_key', account, scopes: [], me: null, viewAs: null },
      staff: 'all',
    },
    {
      name: 'OAuth before "who are you"',
      record: { mode: 'oauth', account, scopes: [], me: null, viewAs: null },
      workspace: { state: 'choose_staff' },
    },
    {
      name: 'OAuth as me',
      record: { mode: 'oauth', account, scopes: SEARCH, me: staff('s-me'), viewAs: null },
      staff: 's-me',
    },
    {
      name: 'OAuth viewing as another',
      record: { mode: 'oauth', account, scopes: SEARCH, me: staff('s-me'), viewAs: staff('s-other') },
      staff: 's-other',
    },
    {
      name: 'OAuth as me, allowed to read jobs but not customers',
      record: { mode: 'oauth', account, scopes: ['read_jobs'], me: staff('s-me'), viewAs: null },
      staff: 's-me',
      canSearch: false,
    },
  ];
  it.each(cases)('$name', ({ record, workspace, staff, canSearch }) => {
    const expected = staff
      ? {
          state: 'ready',
          dbName: cacheDbName(account.uuid, staff),
          accountUuid: account.uuid,
          canSearch: canSearch ?? true,
          timeZone: 'Australia/Sydney',
        }
      : workspace;
    expect(popupWorkspaceOf(record)).toEqual(expected);
  });

  it('reads the session item as lib/settings/items.ts stores it', async () => {
    await sessionItem.setValue({ mode: 'oauth', account, scopes: SEARCH, me: staff('s-me'), viewAs: null });
    expect(await readPopupWorkspace()).toEqual({
      state: 'ready',
      dbName: cacheDbName(account.uuid, 's-me'),
      accountUuid: account.uuid,
      canSearch: true,
      timeZone: 'Australia/Sydney',
    });
    // A session recorded before the zone was kept: the popup then takes it from today's jobs.
    await sessionItem.setValue({
      mode: 'oauth',
      account: { ...account, timeZone: undefined },
      scopes: SEARCH,
      me: staff('s-me'),
      viewAs: null,
    });
    expect(await readPopupWorkspace()).toMatchObject({ state: 'ready', timeZone: null });
    await sessionItem.setValue(null);
    expect(await readPopupWorkspace()).toEqual({ state: 'signed_out' });
  });
});
