// What the background does when one of its pages connects to the live port (entrypoints/background/sync-schedule.ts):
// the sync status at once; for Fieldside's own pages, a morning's walk still waiting its spread; for those that
// search customers (the popup, the new job's form), the person counts as searching them, and an index the syncs had
// stopped keeping catches up once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { contactsWanted, greetLivePage } from '@/entrypoints/background/sync-schedule';
import type { SyncSchedule } from '@/lib/cache/sync/schedule';
import type { WorkspaceKey } from '@/lib/settings/workspace-key';

const key: WorkspaceKey = {
  accountUuid: 'acct',
  staffUuid: 'tech',
  baseUrl: 'http://127.0.0.1:9',
  scopes: [],
  mode: 'oauth',
};

function setup() {
  const schedule = { status: vi.fn(async () => ({})), onViewOpened: vi.fn(async () => undefined) };
  const catchUpCustomers = vi.fn(async () => undefined);
  const workspace = { key: async () => key, sync: async () => ({ catchUpCustomers }) };
  const open = async (page: string | null) => {
    greetLivePage(schedule as unknown as SyncSchedule, workspace as never, () => undefined, page);
    await vi.waitFor(() => expect(schedule.status).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
  };
  return { schedule, catchUpCustomers, open };
}

afterEach(() => fakeBrowser.reset());

describe('a page connected to the live port', () => {
  it("a content script: the status only; Fieldside's side panel: the morning's walk, not a customer search", async () => {
    const t = setup();
    await t.open(null);
    expect(t.schedule.onViewOpened).not.toHaveBeenCalled();
    await t.open('/sidepanel.html');
    expect(t.schedule.onViewOpened).toHaveBeenCalledTimes(1);
    expect(t.catchUpCustomers).not.toHaveBeenCalled();
    expect(await contactsWanted(key)).toBe(false);
  });

  it('the popup: its person searches customers from now on, and the index catches up at the first opening only', async () => {
    const t = setup();
    await t.open('/popup.html');
    expect(t.schedule.onViewOpened).toHaveBeenCalledTimes(1);
    expect(t.catchUpCustomers).toHaveBeenCalledTimes(1);
    expect(await contactsWanted(key)).toBe(true);
    await t.open('/popup.html');
    expect(t.catchUpCustomers).toHaveBeenCalledTimes(1);
  });
});
