import { browser } from 'wxt/browser';
import { createJobOpener, type JobOpener } from '@/lib/side-panel/open-job';
import { readConnection } from '@/lib/settings/validated-reads';

// The browser side of opening a job: tabs, Chrome's sidePanel, Firefox's sidebarAction. Both side
// panel calls need a user gesture, so they are made at once, with nothing awaited before them.

interface SidePanelApi {
  open(options: { windowId: number }): Promise<void>;
}
/** Firefox's sidebar opens in the window in front: it takes no window. */
interface SidebarActionApi {
  open(): Promise<void>;
}

export function createBrowserJobOpener(): JobOpener {
  const api = browser as unknown as { sidePanel?: SidePanelApi; sidebarAction?: SidebarActionApi };
  const openSidePanel = api.sidePanel
    ? (windowId?: number) => api.sidePanel!.open({ windowId: windowId ?? browser.windows.WINDOW_ID_CURRENT })
    : api.sidebarAction
      ? () => api.sidebarAction!.open()
      : undefined;
  return createJobOpener({
    webApp: readConnection,
    createTab: (url) => browser.tabs.create({ url }),
    ...(openSidePanel ? { openSidePanel } : {}),
  });
}
