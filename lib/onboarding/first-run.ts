import { browser } from 'wxt/browser';
import { areaName, STORAGE_KEYS } from '../settings/keys';
import type { FirstRunProgress } from './setup-left';

// The first-run page's progress (lib/settings/items.ts firstRunItem), read and marked raw where a page
// bundles no zod (the popup, the side panel), and written by the background on install and by the
// page at its end. A step done anywhere counts: the popup opened is Fieldside kept at hand, the side
// panel opened on the day is the day opened.

const NAME = areaName(STORAGE_KEYS.firstRun);

/** The stored progress, checked by hand: null where the page never opened or the value is not one. */
export async function readFirstRun(): Promise<FirstRunProgress | null> {
  const value: unknown = (await browser.storage.local.get(NAME))[NAME];
  if (typeof value !== 'object' || value === null) return null;
  const { finished, atHand, dayOpened } = value as Record<string, unknown>;
  if (typeof finished !== 'boolean') return null;
  return { finished, atHand: atHand === true, dayOpened: dayOpened === true };
}

/** Marks a step done (only where the first-run page keeps progress, and only once). */
export async function markFirstRun(step: 'atHand' | 'dayOpened'): Promise<void> {
  const current = await readFirstRun();
  if (current === null || current.finished || current[step]) return;
  const next = { ...current, [step]: true };
  await browser.storage.local.set({ [NAME]: { ...next, finished: next.atHand === true && next.dayOpened === true } });
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
