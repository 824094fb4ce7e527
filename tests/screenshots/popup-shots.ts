import type { Page } from 'playwright-core';
import { syncAlarmDueNow } from '../e2e/support/background';
import type { ExtensionBrowser } from '../e2e/support/chromium';
import { search } from '../e2e/support/popup-page';
import type { Stack } from '../e2e/support/stack';
import { cacheOf, readSyncState, waitForSynced } from '../e2e/support/sync';
import { areaName, STORAGE_KEYS } from '../../lib/settings/keys';
import { FRAMES, frame, shoot } from './shoot';

// The quick-search popup: today's jobs, results for a customer, nothing found, a failed sync,
// offline, signed out. Opened as a page at the popup's size (the toolbar popup cannot be pictured).

export async function openPopup(browser: ExtensionBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await frame(page, FRAMES.popup);
  await page.goto(`chrome-extension://${browser.id}/popup.html`);
  await page.locator('#job-search, .prompt').first().waitFor();
  // The pointer rests off the list: hovering a row would select it.
  await page.mouse.move(2, 2);
  return page;
}

export async function popupShots(browser: ExtensionBrowser, query: string): Promise<void> {
  const page = await openPopup(browser);
  await page.locator('#results[data-answered=""] [role="option"]').first().waitFor();
  await shoot(page, 'popup-today', FRAMES.popup);
  await search(page, query);
  await page.keyboard.press('ArrowDown');
  await shoot(page, 'popup-results', FRAMES.popup);
  await search(page, 'qqzx');
  await shoot(page, 'popup-no-match', FRAMES.popup);
  await page.close();
}

/** A sync the platform refuses (its answer to reading jobs is a 403): the popup says so in words,
 * with the request behind "Details for support"; then a good sync clears it. (The periodic sync
 * alarm falls due for each: nothing a person clicks starts a sync. While the live feed is connected the alarm
 * syncs only for the day's full walk, so the last one is made a day old first.) */
export async function popupSyncProblemShot(
  browser: ExtensionBrowser,
  stack: Stack,
  query: string,
  staff: string = stack.technician.uuid,
): Promise<void> {
  const page = await openPopup(browser);
  const cache = cacheOf(stack, staff);
  const before = (await readSyncState(page, cache))?.lastSyncedAt ?? 0;
  await stack.emulator.control.injectFault({ kind: 'status', status: 403, pathPrefix: '/api_1.0/job', rate: 1 });
  try {
    await fullWalkDue(page);
    await syncAlarmDueNow(page);
    await page.locator('#sync-line .problem').waitFor({ timeout: 60_000 });
    await search(page, query);
    await shoot(page, 'popup-sync-problem', FRAMES.popup);
  } finally {
    await stack.emulator.control.clearFaults();
  }
  await syncAlarmDueNow(page);
  await waitForSynced(page, cache, 60_000, before);
  await page.close();
}

/** Every workspace's last full walk of the platform made a day old (its time in storage), as at a new day's first
 * alarm. */
async function fullWalkDue(page: Page): Promise<void> {
  await page.evaluate(async (name) => {
    type Local = { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> };
    const local = (globalThis as unknown as { chrome: { storage: { local: Local } } }).chrome.storage.local;
    const times = ((await local.get(name))[name] ?? {}) as Record<string, number>;
    const old = Date.now() - 24 * 60 * 60_000;
    await local.set({ [name]: Object.fromEntries(Object.keys(times).map((id) => [id, old])) });
  }, areaName(STORAGE_KEYS.syncFullRefresh));
}

export async function popupOfflineShot(browser: ExtensionBrowser, query: string): Promise<void> {
  await browser.context.setOffline(true);
  try {
    const page = await openPopup(browser);
    await page.locator('#sync-line[data-offline="true"]').waitFor();
    await search(page, query);
    await shoot(page, 'popup-offline', FRAMES.popup);
    await page.close();
  } finally {
    await browser.context.setOffline(false);
  }
}

export async function popupSignedOutShot(browser: ExtensionBrowser): Promise<void> {
  const page = await openPopup(browser);
  await page.locator('.prompt[data-state="signed_out"]').waitFor();
  await shoot(page, 'popup-signed-out', FRAMES.popup);
  await page.close();
}

/** A caller's number typed as people say it (`+61 4…`, the platform stores `04…`): the customer row
 * above their jobs, open first; then the customer opened (Enter), their jobs alone. */
export async function popupCustomerShots(browser: ExtensionBrowser, typed: string): Promise<void> {
  const page = await openPopup(browser);
  await search(page, typed);
  await page.locator('#results [data-customer]').first().waitFor({ timeout: 30_000 });
  await shoot(page, 'popup-customer', FRAMES.popup);
  await page.keyboard.press('Enter');
  await page.locator('.customer-back').waitFor();
  await shoot(page, 'popup-customer-jobs', FRAMES.popup);
  await page.close();
}
