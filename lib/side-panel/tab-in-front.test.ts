import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { onTabInFront, tabInFront } from './tab-in-front';

describe('the tab in front of the side panel', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.restoreAllMocks();
  });

  it('is the active tab of the panel’s window', async () => {
    const own = await fakeBrowser.windows.create({ focused: true });
    // The fake's tabs cannot be brought to front (its duplicate({ active }) keeps no tab): its query answers as the
    // browser's would for a window whose tab 5 is in front.
    const tab = (id: number, windowId: number, active: boolean) =>
      ({ id, windowId, active, index: 0, highlighted: active, pinned: false, incognito: false }) as const;
    const tabs = [tab(4, own.id!, false), tab(5, own.id!, true), tab(6, own.id! + 1, true)];
    vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async (q) =>
      tabs.filter(
        (t) => (q.active === undefined || t.active === q.active) && (q.windowId ?? t.windowId) === t.windowId,
      ),
    );
    expect(await tabInFront()).toBe(5);
  });

  it('is heard at each switch in the panel’s window until the panel stops listening', async () => {
    const own = await fakeBrowser.windows.create({ focused: true });
    const heard: number[] = [];
    const stop = onTabInFront((tabId) => heard.push(tabId));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the panel's window is known
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 7, windowId: own.id! });
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 8, windowId: own.id! + 1 }); // another window's switch
    stop();
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 9, windowId: own.id! });
    expect(heard).toEqual([7]);
  });
});
