import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import type { Stack } from './stack';

// The platform's web app as people use it to reach Fieldside's panel on a job card: signed in through its sign-in
// form, in the desktop or the phone view, a job opened from the list and "Fieldside" chosen on its card.

/** The web app, signed in as `staff` through its sign-in form. Whoever was signed in to the web app in this browser
 * before (the consent page signs its person in) signs out first. */
export async function webAppAs(
  context: BrowserContext,
  stack: Stack,
  staff: { uuid: string },
  device: 'desktop' | 'phone' = 'desktop',
): Promise<Page> {
  const page = await context.newPage();
  if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${stack.emulator.info.web_url}/`);
  await page.locator('#person, #sign-out').first().waitFor();
  if (await page.locator('#sign-out').isVisible()) await page.locator('#sign-out').click();
  await page.locator('#person').selectOption(`${stack.account.uuid}:${staff.uuid}`);
  await page.locator('#sign-in-submit').click();
  await page.locator('html[data-app-ready]').waitFor();
  const phone = await page.locator('body.device-phone').count();
  if ((device === 'phone') !== (phone === 1)) {
    await page.getByRole('link', { name: device === 'phone' ? 'Phone view' : 'Desktop view' }).click();
    await page.locator(device === 'phone' ? 'body.device-phone' : 'body:not(.device-phone)').waitFor();
    await page.locator('html[data-app-ready]').waitFor();
  }
  return page;
}

/** Opens a job the web app lists (`row`, or the job `jobUuid`), and chooses Fieldside on its card. */
export async function openFieldside(
  page: Page,
  which: { row?: number; jobUuid?: string } = {},
): Promise<{ jobUuid: string; panel: FrameLocator }> {
  const jobRow = which.jobUuid
    ? page.locator(`#job-grid .x-grid-row[data-job-uuid="${which.jobUuid}"]`)
    : page.locator('#job-grid .x-grid-row').nth(which.row ?? 0);
  const jobUuid = (await jobRow.getAttribute('data-job-uuid'))!;
  await jobRow.click();
  const jobWindow = page.locator(`.x-window[data-job-uuid="${jobUuid}"]`);
  await jobWindow.getByRole('button', { name: 'Fieldside', exact: true }).click();
  return { jobUuid, panel: await settledPanel(page) };
}

/** The Fieldside window just chosen on a job card, once it stands where a person sees it. On the web the panel asks
 * the platform for its size as it starts, and the window grows and moves up to stay on screen: a click aimed
 * before that lands where the button was, and nothing happens. */
export async function settledPanel(page: Page): Promise<FrameLocator> {
  const panel = page.frameLocator('#windows .addon-window iframe');
  await panel.locator('#fieldside-panel').waitFor({ timeout: 20_000 });
  if ((await page.locator('body.device-phone').count()) === 0) {
    await page.locator('#windows .addon-window iframe.addon-frame[style*="width"]').waitFor();
  }
  return panel;
}
