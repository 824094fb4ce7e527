import { browser } from 'wxt/browser';
import { rememberSidePanelJob } from '@/lib/side-panel/side-panel-job';

// What the first-run page asks of the browser itself: the keyboard shortcut as the person's browser
// has it, whether Fieldside is pinned, and the side panel (Chrome) or sidebar (Firefox) on the day.

/** The command that opens the popup (MV3 names it _execute_action, Firefox's MV2 _execute_browser_action). */
const POPUP_COMMANDS = ['_execute_action', '_execute_browser_action'];

export const isFirefox = (): boolean => import.meta.env.FIREFOX;

/** The popup's shortcut as the browser has it now ("Alt+Shift+J"), '' when none is set (the
 * suggested one may be taken by another extension, or the person removed it). */
export async function readShortcut(): Promise<string> {
  const commands = await browser.commands.getAll();
  return commands.find((c) => c.name !== undefined && POPUP_COMMANDS.includes(c.name))?.shortcut ?? '';
}

/** Where the person sets shortcuts: Chrome's shortcuts page; Firefox's add-ons manager. */
export async function openShortcutSettings(): Promise<void> {
  if (isFirefox()) {
    const commands = browser.commands as unknown as { openShortcutSettings?: () => Promise<void> };
    if (commands.openShortcutSettings) return commands.openShortcutSettings();
    await browser.tabs.create({ url: 'about:addons' });
    return;
  }
  await browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
}

/** All the settings, in a tab. */
export async function openSettings(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL('/options.html') });
}

interface ActionSettingsApi {
  getUserSettings?: () => Promise<{ isOnToolbar?: boolean }>;
  onUserSettingsChanged?: {
    addListener(cb: (s: { isOnToolbar?: boolean }) => void): void;
    removeListener(cb: (s: { isOnToolbar?: boolean }) => void): void;
  };
}
const actionApi = () => (browser as unknown as { action?: ActionSettingsApi }).action;

/** Whether Fieldside's button is pinned to the toolbar: Chrome says; Firefox always shows it (null). */
export async function readPinned(): Promise<boolean | null> {
  const api = actionApi();
  if (isFirefox() || !api?.getUserSettings) return null;
  return (await api.getUserSettings()).isOnToolbar === true;
}

/** Calls `onChange` when the person pins or unpins Fieldside (Chrome). */
export function watchPinned(onChange: (pinned: boolean) => void): () => void {
  const event = actionApi()?.onUserSettingsChanged;
  if (isFirefox() || !event) return () => undefined;
  const listener = (settings: { isOnToolbar?: boolean }) => onChange(settings.isOnToolbar === true);
  event.addListener(listener);
  return () => event.removeListener(listener);
}

interface PanelApis {
  sidePanel?: { open(options: { windowId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

/** Opens the side panel (Chrome) or the sidebar (Firefox) on the day. Both need the click's user
 * gesture, so they are called at once, with nothing awaited before; the panel follows no job (it
 * shows the day), which is written first for the panel to read when it loads. */
export function openDayPanel(): Promise<void> {
  const apis = browser as unknown as PanelApis;
  const forgotten = rememberSidePanelJob(null);
  let opened: Promise<void>;
  try {
    if (apis.sidePanel) opened = apis.sidePanel.open({ windowId: browser.windows.WINDOW_ID_CURRENT });
    else if (apis.sidebarAction) opened = apis.sidebarAction.open();
    else opened = Promise.reject(new Error('This browser has no side panel for Fieldside'));
  } catch (error) {
    opened = Promise.reject(error);
  }
  return Promise.all([forgotten, opened]).then(() => undefined);
}
