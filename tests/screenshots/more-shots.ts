import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../e2e/support/chromium';
import { useApiKey } from '../e2e/support/options-page';
import { PHOTO_PNG } from '../e2e/support/job-actions';
import { activateAddon } from '../e2e/support/pairing';
import { search } from '../e2e/support/popup-page';
import type { Stack } from '../e2e/support/stack';
import { cacheOf, waitForSynced } from '../e2e/support/sync';
import { openPopup } from './popup-shots';
import { openSidePanel } from './panel-shots';
import { FRAMES, frame, shoot, type Frame } from './shoot';

// The surfaces beyond the extension's own pages: the platform's consent page, the job card's Fieldside
// action on the web and in the phone view, and a visit taken in it; and the states a person meets
// less often: the search narrowed by a filter, an API key instead of a sign-in, the platform's daily
// limit reached.

const PHONE: Frame = { width: 390, height: 844 };
const PAGE: Frame = { width: 960, height: 900, fitContent: 1400 };

/** The platform's consent page as a person meets it before signing in anywhere: the add-on by its name,
 * nobody chosen. */
export async function consentShot(browser: ExtensionBrowser, stack: Stack): Promise<void> {
  const { info } = stack.emulator;
  const url = new URL(`${info.auth_url}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: info.app.client_id,
    scope: 'vendor read_jobs read_customers read_schedule read_job_notes publish_job_notes',
  }).toString();
  const page = await browser.context.newPage();
  await frame(page, PAGE);
  // A browser nobody has signed in to the platform with.
  await browser.context.clearCookies();
  await page.goto(url.href);
  await page.locator('#person').waitFor();
  await shoot(page, 'consent', PAGE);
  await page.close();
}

/** The web app signed in as `staff` (whoever was signed in to it before signs out first). */
async function webAppAs(browser: ExtensionBrowser, stack: Stack, staffUuid: string, size: Frame): Promise<Page> {
  const page = await browser.context.newPage();
  await frame(page, size);
  await page.goto(`${stack.emulator.info.web_url}/`);
  await page.locator('#person, #sign-out').first().waitFor();
  if (await page.locator('#sign-out').isVisible()) await page.locator('#sign-out').click();
  await page.locator('#person').selectOption(`${stack.account.uuid}:${staffUuid}`);
  await page.locator('#sign-in-submit').click();
  await page.locator('html[data-app-ready]').waitFor();
  return page;
}

/** The job card's Fieldside action for `jobUuid`, in the web app (or its phone view). */
async function openJobCard(page: Page, jobUuid: string): Promise<void> {
  await page.locator(`#job-grid .x-grid-row[data-job-uuid="${jobUuid}"]`).click();
  const jobWindow = page.locator(`.x-window[data-job-uuid="${jobUuid}"]`);
  await jobWindow.getByRole('button', { name: 'Fieldside', exact: true }).click();
  await page.frameLocator('#windows .addon-window iframe').locator('#fieldside-panel').waitFor({ timeout: 20_000 });
  await page.mouse.move(2, 2);
}

/** The job card's Fieldside action on the web and on a phone (pairing this browser from it: pairing-shots.ts). */
export async function jobCardShots(browser: ExtensionBrowser, stack: Stack, jobUuid: string): Promise<void> {
  await activateAddon(browser.context, stack);
  const web = await webAppAs(browser, stack, stack.technician.uuid, FRAMES.webApp);
  await openJobCard(web, jobUuid);
  await shoot(web, 'jobcard-web', FRAMES.webApp);

  await web.close();

  const phone = await webAppAs(browser, stack, stack.technician.uuid, PHONE);
  await phone.goto(`${stack.emulator.info.web_url}/?device=phone`);
  await phone.locator('body.device-phone').waitFor();
  await phone.locator('html[data-app-ready]').waitFor();
  await openJobCard(phone, jobUuid);
  await shoot(phone, 'jobcard-phone', PHONE);
  await phone.goto(`${stack.emulator.info.web_url}/?device=desktop`);
  await phone.close();

  // A visit taken in the job card: the steps with their times, a photo sent, the job complete with its "Undo".
  const visit = await webAppAs(browser, stack, stack.technician.uuid, FRAMES.webApp);
  await openJobCard(visit, jobUuid);
  const panel = visit.frameLocator('#windows .addon-window iframe');
  /** Waits for the step to be taken (its button gone: "Arrived again" leaves an earlier "Arrived" in the steps); when
   * it is not, says what the panel said instead. */
  const taken = (step: string) =>
    panel
      .locator(`#act-${step}`)
      .waitFor({ state: 'hidden', timeout: 15_000 })
      .catch(async (e: unknown) => {
        throw new Error(`the job card did not show "${step}": ${await panel.locator('#visit-message').textContent()}`, {
          cause: e,
        });
      });
  // The technician's day may already hold this job's "On my way" or time on site: only the steps still offered.
  for (const step of ['on-my-way', 'arrived'] as const) {
    if (!(await panel.locator(`#act-${step}`).isVisible())) continue;
    await panel.locator(`#act-${step}`).click();
    await taken(step);
  }
  await panel.locator('#photo-file').setInputFiles({ name: 'Meter box.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await panel.locator('#photo-list li[data-state="sent"]').waitFor({ timeout: 20_000 });
  await panel.getByRole('button', { name: 'Done', exact: true }).click();
  await taken('done');
  await panel.getByRole('button', { name: 'Mark the job complete' }).click();
  await panel.locator('#act-reopen').waitFor({ timeout: 15_000 });
  await visit.mouse.move(2, 2);
  await shoot(visit, 'jobcard-web-photo', FRAMES.webApp);
  // The office reopens the job and completes it again: the technician's late Undo is refused in words, and goes.
  await stack.emulator.control.updateRecord(stack.account.uuid, 'job', jobUuid, { status: 'Work Order' });
  await stack.emulator.control.updateRecord(stack.account.uuid, 'job', jobUuid, { status: 'Completed' });
  await panel.locator('#act-reopen').click();
  await panel.locator('#act-reopen').waitFor({ state: 'detached', timeout: 15_000 });
  await visit.mouse.move(2, 2);
  await shoot(visit, 'jobcard-web-undo-refused', FRAMES.webApp);
  await visit.close();
}

/** The search narrowed by what a person types: `query` with its filters. */
export async function popupFilterShot(browser: ExtensionBrowser, query: string): Promise<void> {
  const page = await openPopup(browser);
  await page.locator('#job-search').waitFor();
  await search(page, query);
  await page.locator('#results [role="option"]').first().waitFor();
  await shoot(page, 'popup-filter', FRAMES.popup);
  await page.close();
}

/** A private app of the business: an API key instead of a sign-in (the whole account, no "who are you"). */
export async function apiKeyShots(browser: ExtensionBrowser, stack: Stack, options: Page): Promise<void> {
  await options.bringToFront();
  await useApiKey(options, stack.account.api_key);
  await waitForSynced(options, cacheOf(stack, 'all'), 90_000);
  await options.reload();
  await options.locator('#session-state[data-state="signed_in"]').waitFor();
  await options.mouse.move(2, 2);
  await shoot(options, 'options-api-key', FRAMES.options);
  const popup = await openPopup(browser);
  await popup.locator('#results [role="option"]').first().waitFor({ timeout: 20_000 });
  await shoot(popup, 'popup-api-key', FRAMES.popup);
  await popup.close();
}

/** The business has used up the platform's requests for the day: the popup and the side panel say so,
 * and when it comes back. (The emulator's daily limit lowered to what the account has used.) */
export async function dailyLimitShots(browser: ExtensionBrowser, stack: Stack): Promise<void> {
  await stack.emulator.control.setRateLimit(100_000, 1);
  // Opening the side panel reads the day: the platform refuses, and every page is told.
  const panel = await openSidePanel(browser);
  await panel.locator('.daily-limit').waitFor({ timeout: 60_000 });
  await shoot(panel, 'sidepanel-daily-limit', { ...FRAMES.sidePanel, fitContent: 900 });
  const popup = await openPopup(browser);
  await popup.locator('.daily-limit').waitFor({ timeout: 30_000 });
  await shoot(popup, 'popup-daily-limit', FRAMES.popup);
  await Promise.all([popup.close(), panel.close()]);
}
