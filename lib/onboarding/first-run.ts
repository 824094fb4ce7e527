import { browser } from 'wxt/browser';
import { areaName, STORAGE_KEYS } from '../settings/keys';

// The first-run page's progress (lib/settings/items.ts firstRunItem), read raw where a page bundles
// no zod (the popup), and written by the background on install and by the page at its end.

const NAME = areaName(STORAGE_KEYS.firstRun);

/** The stored progress, checked by hand: null where the page never opened or the value is not one. */
export async function readFirstRun(): Promise<{ finished: boolean } | null> {
  const value: unknown = (await browser.storage.local.get(NAME))[NAME];
  if (typeof value !== 'object' || value === null) return null;
  const finished = (value as { finished?: unknown }).finished;
  return typeof finished === 'boolean' ? { finished } : null;
}

/** Calls `onChange` when the progress changes (the page finished in another tab). */
export function watchFirstRun(onChange: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && NAME in changes) onChange();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** The first-run page in a tab of its own: what is left of setting up (signing in, "who are you",
 * the shortcut, the day) is done there, from the popup, the side panel, the picker or the settings. */
export async function openFirstRunPage(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') });
}
