import { browser } from 'wxt/browser';
import type { FirstScreen, KeptFirstScreen } from '../../settings/kept-first-screen';
import { areaName, STORAGE_KEYS } from '../../settings/keys';
import { earlyOr } from './early-reads';

// The popup's first screen (today's or the recent jobs, 20 rows) as last shown or prepared, naming
// the cache it was made from. The popup reads it at the same time as the session (two storage
// reads in parallel, cheaper than opening an IndexedDB database), so it paints rows before
// it has opened the cache. The popup keeps it whenever it computes its first screen, and the
// background after every sync, so even the first opening after a sync has one. It is shown only
// when the session names the same cache, so another person's jobs are never shown.
// It lives in storage.session (lib/settings's `popupFirstScreenItem`): in memory for this browser
// session, not readable by content scripts, and removed on sign-out with the caches
// (lib/account/clear-on-sign-out.ts). Read and written raw here, so the popup bundles no zod.

/** The storage.session name of `popupFirstScreenItem`. */
export const FIRST_SCREEN_NAME = areaName(STORAGE_KEYS.popupFirstScreen);

export type { FirstScreen, KeptFirstScreen };

/** The first screen kept last, with the cache it shows; null when there is none for `day`. */
export async function readFirstScreen(day: string): Promise<KeptFirstScreen | null> {
  try {
    const stored = await earlyOr('firstScreen', () => browser.storage.session.get(FIRST_SCREEN_NAME));
    const value = stored[FIRST_SCREEN_NAME] as Partial<KeptFirstScreen> | undefined;
    if (
      !value ||
      value.day !== day ||
      typeof value.cacheName !== 'string' ||
      typeof value.heading !== 'string' ||
      !Array.isArray(value.rows)
    )
      return null;
    return { cacheName: value.cacheName, day: value.day, heading: value.heading, rows: value.rows };
  } catch {
    return null; // only a head start: the cache answers anyway
  }
}

export async function saveFirstScreen(cacheName: string, screen: FirstScreen): Promise<void> {
  const kept: KeptFirstScreen = { cacheName, ...screen };
  try {
    await browser.storage.session.set({ [FIRST_SCREEN_NAME]: kept });
  } catch {
    // Not kept: the next opening reads the cache first, as this one did.
  }
}

/** `YYYY-MM-DD` of `now` in this device's time zone (jobs' dates are the account's local time;
 * for a person in the field the two agree). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
