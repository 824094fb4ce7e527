import { browser } from 'wxt/browser';
import { earlyOr } from './early-reads';
import type { QuickRow } from './rows';

// The popup's first screen (today's or the recent jobs, 20 rows) as last shown or prepared, naming
// the cache it was made from. The popup reads it at the same time as the session (two storage
// reads in parallel, ~5-15 ms; opening an IndexedDB database costs more), so it paints rows before
// it has opened the cache. The popup keeps it whenever it computes its first screen, and the
// background after every sync, so even the first opening after a sync has one. It is shown only
// when the session names the same cache, so another view's jobs are never shown.
// It lives in storage.session (lib/settings.ts's `popupFirstScreenItem`): in memory for this browser
// session, not readable by content scripts, and removed on sign-out with the caches
// (lib/session/clear-cached-data.ts). Read and written raw here, so the popup bundles no zod.

/** The storage.session key of `popupFirstScreenItem` (WXT drops the `session:` area prefix). */
export const FIRST_SCREEN_KEY = 'popupFirstScreen';

export interface FirstScreen {
  /** The local day it was made on: "Today's jobs" of yesterday are not shown. */
  day: string;
  heading: string;
  rows: QuickRow[];
}

export type KeptFirstScreen = FirstScreen & { cacheName: string };

/** The first screen kept last, with the cache it shows; null when there is none for `day`. */
export async function readFirstScreen(day: string): Promise<KeptFirstScreen | null> {
  try {
    const stored = await earlyOr('firstScreen', () => browser.storage.session.get(FIRST_SCREEN_KEY));
    const value = stored[FIRST_SCREEN_KEY] as Partial<KeptFirstScreen> | undefined;
    if (!value || value.day !== day || typeof value.cacheName !== 'string' || typeof value.heading !== 'string' || !Array.isArray(value.rows)) return null;
    return { cacheName: value.cacheName, day: value.day, heading: value.heading, rows: value.rows };
  } catch {
    return null; // only a head start: the cache answers anyway
  }
}

export async function saveFirstScreen(cacheName: string, screen: FirstScreen): Promise<void> {
  const kept: KeptFirstScreen = { cacheName, ...screen };
  try {
    await browser.storage.session.set({ [FIRST_SCREEN_KEY]: kept });
  } catch {
    // Not kept: the next opening reads the cache first, as this one did.
  }
}

/** Sign-out: the rows name customers and addresses. */
export async function forgetFirstScreen(): Promise<void> {
  await browser.storage.session.remove(FIRST_SCREEN_KEY);
}
