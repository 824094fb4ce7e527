import { browser } from 'wxt/browser';

// The tab in front of the side panel's window: asked when the panel opens, and heard each time another tab comes to
// front. The panel listens itself rather than the background: a background listener for tab switches would wake a
// stopped service worker at every switch of the person's day (the browser starts the worker for any event it has a
// listener for), and only an open panel follows the tab in front.

/** The active tab of the window this page is in (undefined if the browser does not say). */
export async function tabInFront(): Promise<number | undefined> {
  try {
    const own = await browser.windows.getCurrent();
    const [front] = await browser.tabs.query({ active: true, windowId: own.id });
    return front?.id;
  } catch {
    return undefined;
  }
}

/** Calls `onTab` with each tab brought to front in this page's window, until the returned stop is called. */
export function onTabInFront(onTab: (tabId: number) => void): () => void {
  let windowId: number | undefined;
  void browser.windows
    .getCurrent()
    .then((own) => (windowId = own.id))
    .catch(() => undefined);
  const activated = (info: { tabId: number; windowId: number }) => {
    if (windowId === undefined || info.windowId === windowId) onTab(info.tabId);
  };
  browser.tabs.onActivated.addListener(activated);
  return () => browser.tabs.onActivated.removeListener(activated);
}
