import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../e2e/support/chromium';
import { closedBadges, type BadgeRef } from '../e2e/support/closed-badges';
import { jobWindowUrl, signInToWebApp } from '../e2e/support/content-page';
import { search } from '../e2e/support/popup-page';
import { quickNoteFrame } from '../e2e/support/quick-note-frame';
import type { Stack } from '../e2e/support/stack';
import type { FieldDay } from '../e2e/support/field-worker';
import { FRAMES, frame, openExtensionPage, shoot } from './shoot';

// The options page, the picker window and the platform's web app with the badge and the quick-note panel.

export const openOptions = (browser: ExtensionBrowser): Promise<Page> =>
  openExtensionPage(browser, 'options.html', FRAMES.options, '#session-state');

export async function optionsShot(page: Page, name: 'options-signed-out' | 'options-signed-in'): Promise<void> {
  await page.reload();
  await page
    .locator(`#session-state[data-state="${name === 'options-signed-in' ? 'signed_in' : 'signed_out'}"]`)
    .waitFor();
  if (name === 'options-signed-in') {
    await page.locator('#me-name').waitFor();
    await page.locator('#access-heading').waitFor();
  }
  await page.mouse.move(2, 2);
  await shoot(page, name, FRAMES.options);
}

/** "Add selection as a note to a job…" as the browser delivers the menu click to the background
 * (a person right-clicking a selection), then the job chosen by its number, ready to add. */
export async function pickerShot(browser: ExtensionBrowser, day: FieldDay): Promise<void> {
  const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/picker.html') });
  const worker = await browser.worker();
  await worker.evaluate((selectionText) => {
    const menus = (
      globalThis as unknown as { chrome: { contextMenus: { onClicked: { dispatch(info: unknown): void } } } }
    ).chrome.contextMenus;
    menus.onClicked.dispatch({
      menuItemId: 'fieldside-add-selection-note',
      selectionText,
      editable: false,
      pageUrl: 'https://mail.example.com/',
    });
  }, 'Hi, the hot water unit at the back is leaking again. Could your plumber have a look on Thursday? Thanks, Dana');
  const page = await opened;
  await frame(page, FRAMES.picker);
  await page.locator('#selection').waitFor();
  await search(page, day.job.number);
  await page.keyboard.press('Enter');
  await page.locator('#add-note:not([disabled])').waitFor();
  await shoot(page, 'picker', FRAMES.picker);
  await page.close();
}

/** The web app's job window with Fieldside's badge in its title, then the quick-note panel open. */
export async function webAppShots(browser: ExtensionBrowser, stack: Stack, day: FieldDay): Promise<void> {
  const page = await browser.context.newPage();
  await frame(page, FRAMES.webApp);
  const shadow = await closedBadges(browser.context, page);
  const badge: BadgeRef = { window: day.job.number };
  await signInToWebApp(page, stack);
  await page.goto(jobWindowUrl(stack, day.job.uuid));
  await shadow.waitFor(badge, 'button.badge .status', { timeout: 20_000 });
  await page.mouse.move(640, 700);
  await shoot(page, 'webapp-badge', FRAMES.webApp);
  await shadow.click(badge, 'button.badge');
  const panel = await quickNoteFrame(page);
  await panel.locator('[role="dialog"] li.note').first().waitFor({ timeout: 10_000 });
  await page.mouse.move(640, 700);
  await shoot(page, 'webapp-quick-note', FRAMES.webApp);
  await page.close();
}
