import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium, type ExtensionBrowser } from './chromium';
import { evaluatorIn, isolatedWorlds } from './content-world';
import type { Stack } from './stack';

// Helpers for the content-script tests: the web app's job windows, and the content script's own world
// (a technician signed in for field work is support/field-worker.ts's). (The badges themselves live
// in closed shadow roots: support/closed-badges.ts looks into them.)

/**
 * Chromium with the built extension; FIELDSIDE_E2E_CHROME_DIR points at a private copy of the build
 * when several people share one checkout (their runs rebuild .output while a browser loads it).
 */
export function launchForContent(): Promise<ExtensionBrowser> {
  return launchChromium(process.env.FIELDSIDE_E2E_CHROME_DIR || undefined);
}

/** The web app's address (the emulator's, as on the real platform an origin apart from the REST API). */
export const webAppUrl = (stack: Stack, path = '/'): string => `${stack.emulator.info.web_url}${path}`;

/** A job's window by its address: `/job/<uuid>` is one of the deep-link forms the emulator's web app takes. */
export const jobWindowUrl = (stack: Stack, uuid: string): string => webAppUrl(stack, `/job/${uuid}`);

/** Signs in to the web app as a person does: the sign-in form, the person, the button. The cookie
 * stays with the browser context. */
export async function signInToWebApp(page: Page, stack: Stack, staffUuid = stack.technician.uuid): Promise<void> {
  await page.goto(webAppUrl(stack, '/login'));
  await page.locator('#person').selectOption(`${stack.account.uuid}:${staffUuid}`);
  await page.locator('#sign-in-submit').click();
  await page.locator('html[data-app-ready]').waitFor();
}

/** The job window whose title names job `number` ("Job #1234 – Client"). */
export const jobWindow = (page: Page, number: string): Locator =>
  page
    .locator('.x-window')
    .filter({ has: page.locator('.x-window-header-text', { hasText: new RegExp(`^Job #${number}\\b`) }) });

/** Opens job `number`'s window from the web app's job list, as a person does: search, click. */
export async function openJobWindow(page: Page, stack: Stack, job: { uuid: string; number: string }): Promise<void> {
  await page.goto(webAppUrl(stack, `/?q=${encodeURIComponent(job.number)}`));
  await page.locator('html[data-app-ready]').waitFor();
  await page
    .locator('#job-grid a.job-open', { hasText: `#${job.number}` })
    .first()
    .click();
  await jobWindow(page, job.number).waitFor();
}

/**
 * Evaluates in Fieldside's isolated content-script world of `page` (found by name through CDP); `url`
 * is loaded after listening, so the world's creation is seen. Unlike content-world.ts it does not
 * wait for a decorated job (pages without one are tested too). `requests` lists the URLs the page
 * requested (through CDP's Network domain), the content script's imports included.
 */
export async function openWithContentWorld(context: BrowserContext, page: Page, url: string) {
  const cdp = await context.newCDPSession(page);
  const worlds = isolatedWorlds(cdp);
  // Every request the page's target makes, the content script's module imports included.
  const requests: string[] = [];
  cdp.on('Network.requestWillBeSent', ({ request }) => void requests.push(request.url));
  await cdp.send('Network.enable');
  await cdp.send('Runtime.enable');
  await page.goto(url);
  const deadline = Date.now() + 10_000;
  while (!worlds.some((w) => w.name === 'Fieldside')) {
    if (Date.now() > deadline) throw new Error(`No Fieldside content-script world in ${url}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const world = worlds.findLast((w) => w.name === 'Fieldside')!;
  return { requests, evaluate: evaluatorIn(cdp, world.id) };
}
