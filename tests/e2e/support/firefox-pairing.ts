import type { Frame, Page } from 'puppeteer-core';
import { findPage, type FirefoxWithExtension } from './firefox';
import { signInToWebAppFirefox } from './firefox-pages';
import type { Stack } from './stack';

// Pairing in Firefox as people do it (the Chromium steps are in pairing.ts): the administrator activates Fieldside
// once from the web app's Add-ons page; a staff member chooses "Fieldside" on a job card and "Use Fieldside in this
// browser"; Fieldside's own tab asks "Work as <name> in this browser?" and they answer "Yes".

/** The administrator adds Fieldside from the web app's Add-ons page: Activate (the store says "Activate again" once
 * any sign-in has a grant), the consent page, Allow. */
export async function activateFirefox(firefox: FirefoxWithExtension, stack: Stack): Promise<void> {
  const page = await signInToWebAppFirefox(firefox.browser, stack, stack.administrator.uuid);
  await page.waitForSelector('#addons-link');
  await page.click('#addons-link');
  await page.waitForSelector('#addon-store-activate');
  await page.click('#addon-store-activate');
  await page.waitForSelector('#person', { timeout: 20_000 });
  await page.select('#person', `${stack.account.uuid}:${stack.administrator.uuid}`);
  await page.click('#allow');
  await page.waitForSelector('#activated', { timeout: 20_000 });
  await page.close();
}

/** `staff`'s first job in the web app, with Fieldside chosen on its card: the panel's frame. */
export async function fieldsidePanelFirefox(
  firefox: FirefoxWithExtension,
  stack: Stack,
  staff: { uuid: string },
): Promise<{ page: Page; panel: Frame }> {
  const page = await signInToWebAppFirefox(firefox.browser, stack, staff.uuid);
  await page.waitForSelector('#job-grid .x-grid-row');
  const jobUuid = await page.$eval('#job-grid .x-grid-row', (row) => row.getAttribute('data-job-uuid'));
  await page.click('#job-grid .x-grid-row');
  const button = await page.waitForSelector(`.x-window[data-job-uuid="${jobUuid}"] button.addon-action`);
  await button!.click();
  const frameElement = await page.waitForSelector('#windows .addon-window iframe', { timeout: 20_000 });
  const panel = await frameElement!.contentFrame();
  await panel.waitForSelector('#fieldside-pair', { timeout: 20_000 });
  return { page, panel };
}

/** Fieldside (signed in already) paired with `staff` on the platform's word: the job card's link, then "Yes" on
 * Fieldside's own page; the tabs it opened are closed again. */
export async function pairFirefox(
  firefox: FirefoxWithExtension,
  stack: Stack,
  staff: { uuid: string; name: string },
): Promise<void> {
  const { page, panel } = await fieldsidePanelFirefox(firefox, stack, staff);
  const pairing = firefox.browser.waitForTarget((t) => t.url().startsWith(`${stack.companion.url}/pair`), {
    timeout: 15_000,
  });
  await panel.click('#fieldside-pair');
  const pairPage = (await (await pairing).page())!;
  const confirm = await findPage(firefox.browser, '#pairing-yes');
  await confirm.click('#pairing-yes');
  await confirm.waitForSelector('#pairing-done');
  await pairPage.waitForSelector('#fieldside-pairing[data-state="paired"]', { timeout: 20_000 });
  await firefox.options.waitForFunction(
    (name: string) => document.getElementById('me-name')?.textContent === name,
    { timeout: 15_000 },
    staff.name,
  );
  await Promise.all([pairPage.close(), confirm.close(), page.close()]);
}
