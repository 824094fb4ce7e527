// "New job from selection…", the context menu on selected text. The menu is drawn by the browser itself, outside any
// page, and Playwright cannot click it; so its handler is driven here through fakeBrowser (wxt/testing), whose
// contextMenus stand-ins are filled in below: the menu is made at install for selected text only, and a click on it
// opens the small form in a window of its own with the selected text read into the draft.
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Browser } from 'wxt/browser';
import { startNewJobs } from '../../entrypoints/background/new-jobs';
import type { Workspace } from '../../lib/workspace/workspace';
import type { WorkspaceKey } from '../../lib/settings/workspace-key';
import { contactsWanted } from '../../entrypoints/background/sync-schedule';

type MenuInfo = Browser.contextMenus.OnClickData;
type MenuListener = (info: MenuInfo, tab?: Browser.tabs.Tab) => void;

const SELECTED =
  'Blocked stormwater drain flooding the back courtyard. Site: 3 Kestrel Road, Carlton VIC 3053. Ring Sam on 0491 570 110.';

let menus: Array<{ id?: string; title?: string; contexts?: string[] }>;
let listeners: MenuListener[];
let createWindow: MockInstance<typeof fakeBrowser.windows.create>;

/** Signed out: the draft needs nothing of a workspace (no customer index to search). */
const signedOut = { key: async () => null } as unknown as Workspace;

beforeEach(() => {
  fakeBrowser.reset();
  createWindow = vi.spyOn(fakeBrowser.windows, 'create');
  createWindow.mockClear();
  menus = [];
  listeners = [];
  Object.assign(fakeBrowser.contextMenus, {
    create: (props: (typeof menus)[number], done?: () => void) => {
      menus.push(props);
      done?.();
      return props.id;
    },
  });
  Object.assign(fakeBrowser.contextMenus.onClicked, {
    addListener: (listener: MenuListener) => listeners.push(listener),
  });
});

const click = (info: Partial<MenuInfo>) =>
  listeners.forEach((l) =>
    l({ menuItemId: 'fieldside-new-job', editable: false, pageUrl: 'https://mail.example/', ...info } as MenuInfo),
  );

/** The windows the handler asked the browser for: their addresses. */
const openedForms = () => createWindow.mock.calls.map(([data]) => String(data?.url ?? ''));

async function waitForForm(): Promise<string> {
  await vi.waitFor(() => expect(openedForms()).toHaveLength(1));
  return openedForms()[0]!;
}

/** A signed-in workspace of `staffUuid` with an empty customer index; its catch-ups counted. */
function signedInAs(staffUuid: string) {
  const key: WorkspaceKey = { accountUuid: 'acct', staffUuid, baseUrl: 'http://x', scopes: [], mode: 'oauth' };
  const catchUpCustomers = vi.fn(async () => undefined);
  const signedIn = {
    key: async () => key,
    cache: async () => ({ db: { get: async () => undefined } }),
    sync: async () => ({ catchUpCustomers }),
  } as unknown as Workspace;
  return { key, catchUpCustomers, signedIn };
}

describe('"New job from selection…"', () => {
  it('is a menu item on selected text only, made when the extension is installed', async () => {
    startNewJobs(signedOut, () => {});
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false } as never);
    expect(menus).toEqual([{ id: 'fieldside-new-job', title: 'New job from selection…', contexts: ['selection'] }]);
  });

  it('opens the new-job form with the selected text as the draft: description, address and phone found', async () => {
    const service = startNewJobs(signedOut, () => {});
    click({ selectionText: SELECTED });
    const url = await waitForForm();
    expect(url).toMatch(/\/new-job\.html#[\w-]+$/);
    const draft = await service.draft(url.split('#')[1]!);
    expect(draft).toMatchObject({
      from: 'selection',
      description: SELECTED,
      addresses: ['3 Kestrel Road, Carlton VIC 3053'],
      phones: ['0491 570 110'],
      canCreateJobs: false,
    });
  });

  it("its form searches customers (the sender's, the caller's): the person counts as searching them from now on", async () => {
    const { key, catchUpCustomers, signedIn } = signedInAs('office');
    expect(await contactsWanted(key)).toBe(false);
    startNewJobs(signedIn, () => {});
    click({ selectionText: SELECTED });
    await waitForForm();
    await vi.waitFor(() => expect(catchUpCustomers).toHaveBeenCalledTimes(1));
    expect(await contactsWanted(key)).toBe(true);
  });

  it("the card beside an e-mail searches customers too: the office's inbox keeps its contacts read", async () => {
    const { key, catchUpCustomers, signedIn } = signedInAs('inbox');
    expect(await contactsWanted(key)).toBe(false);
    const service = startNewJobs(signedIn, () => {});
    expect(await service.senderCard(['sam@example.com'], [])).toEqual({ signedIn: true, customer: null, jobs: [] });
    await vi.waitFor(() => expect(catchUpCustomers).toHaveBeenCalledTimes(1));
    expect(await contactsWanted(key)).toBe(true);
  });

  it('does nothing for another menu item, or with no text selected', async () => {
    startNewJobs(signedOut, () => {});
    click({ menuItemId: 'fieldside-something-else', selectionText: SELECTED });
    click({ selectionText: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openedForms()).toEqual([]);
  });
});
