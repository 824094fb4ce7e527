import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium, sendFromPage, type ExtensionBrowser } from './chromium';
import { chooseMe, connect, signInThroughConsent } from './options-page';
import { grantFeature } from './sidepanel-page';
import type { Stack } from './stack';
import { waitForSynced } from './sync';

// Helpers for the content-script tests: a technician signed in with the notes feature and a synced
// cache, the badges Fieldside put on a platform page, and the content script's own world.

/**
 * Chromium with the built extension; FIELDSIDE_E2E_CHROME_DIR points at a private copy of the build
 * when several people share one checkout (their runs rebuild .output while a browser loads it).
 */
export function launchForContent(): Promise<ExtensionBrowser> {
  return launchChromium(process.env.FIELDSIDE_E2E_CHROME_DIR || undefined);
}

/** Connects, signs in as the technician, grants search (the sync reads customers), notes and badge
 * names, and waits for a full sync of the cache. */
export async function signInTechnicianWithNotes(browser: ExtensionBrowser, stack: Stack): Promise<Page> {
  const options = await browser.openOptions();
  await connect(options, stack);
  await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
  await chooseMe(options, stack.technician);
  for (const feature of ['search', 'notes', 'badges']) await grantFeature(browser, options, stack, stack.technician.uuid, feature);
  const run = await sendFromPage(options, 'sync.run', { mode: 'full' });
  if (!run.ok) throw new Error(`sync.run failed: ${run.error?.message}`);
  await waitForSynced(options, 60_000);
  return options;
}

/** Every Fieldside badge button on the page (Playwright's CSS pierces the open shadow roots). */
export const badges = (page: Page): Locator => page.locator('fieldside-badge button.badge');

/** The badge beside one job link of a list. */
export const badgeOf = (page: Page, uuid: string): Locator =>
  page.locator(`a.job-link[data-job-uuid="${uuid}"] + fieldside-badge button.badge`);

/** The emulator's job list URL for the stack's first account (optionally a job-number search). */
export function jobListUrl(stack: Stack, q?: string): string {
  const url = new URL('/jobs', stack.emulator.info.base_url);
  url.searchParams.set('account', stack.account.uuid);
  if (q !== undefined) url.searchParams.set('q', q);
  return url.href;
}

export function jobPageUrl(stack: Stack, uuid: string): string {
  return `${stack.emulator.info.base_url}/jobs/${uuid}?account=${stack.account.uuid}`;
}

/**
 * Evaluates in Fieldside's isolated content-script world of `page` (found by name through CDP); `url`
 * is loaded after listening, so the world's creation is seen. Unlike content-world.ts it does not
 * wait for a decorated job (pages without one are tested too). `requests` lists the URLs the page
 * requested (through CDP's Network domain), the content script's imports included.
 */
export async function openWithContentWorld(context: BrowserContext, page: Page, url: string) {
  const cdp = await context.newCDPSession(page);
  const worlds: { id: number; name: string }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: ctx }) => {
    if (ctx.auxData?.type === 'isolated') worlds.push({ id: ctx.id, name: ctx.name });
  });
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
  return {
    requests,
    async evaluate<T>(expression: string): Promise<T> {
      const result = await cdp.send('Runtime.evaluate', { expression, contextId: world.id, awaitPromise: true, returnByValue: true });
      if (result.exceptionDetails) throw new Error(`Content-world evaluation failed: ${result.exceptionDetails.text}`);
      return result.result.value as T;
    },
  };
}
