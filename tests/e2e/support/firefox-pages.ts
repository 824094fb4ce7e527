import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import type { Stack } from './stack';
import { setUpStep } from '../../support/set-up-steps';

// Firefox ESR's Fieldside pages driven as a person drives them (puppeteer-core over WebDriver BiDi:
// trusted clicks and keys): the options page's connection, sign-in through the consent page, "who
// are you", sign-out; and Fieldside's own pages opened in a tab. Firefox refuses a test's navigation
// to moz-extension:// addresses, so the options page (an extension page) opens them with tabs.create,
// as the toolbar button and the sidebar do for a person.

type Ext = { tabs: { create(o: { url: string }): Promise<unknown> }; runtime: { getURL(path: string): string } };

/** Replaces a field's text the way a person does: click into it, select all, type. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await page.click(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.type(text);
}

/** "Advanced: where Fieldside connects": the test's own servers, typed in and saved. */
export async function connectFirefox(options: Page, stack: Stack): Promise<void> {
  const { base_url, auth_url, web_url } = stack.emulator.info;
  await options.click('#connection summary');
  await typeInto(options, '#rest-url', base_url);
  await typeInto(options, '#auth-url', auth_url);
  await typeInto(options, '#web-url', web_url);
  await typeInto(options, '#companion-url', stack.companion.url);
  await options.click('#connection button[type="submit"]');
  await options.waitForFunction(
    (urls: string[]) =>
      ['rest-url', 'auth-url', 'web-url', 'companion-url'].every(
        (id, i) => (document.getElementById(id) as HTMLInputElement | null)?.value === urls[i],
      ),
    {},
    [base_url, auth_url, web_url, stack.companion.url],
  );
}

/** Runs `open` and answers the consent page it brings up as `staffUuid`: the person, then Allow. */
export async function allowConsentFirefox(
  browser: Browser,
  stack: Stack,
  staffUuid: string,
  open: () => Promise<unknown>,
): Promise<void> {
  const target = browser.waitForTarget((t) => t.url().includes('/oauth/authorize'), { timeout: 20_000 });
  await open();
  const consent = await (await target).page();
  if (!consent) throw new Error('No consent page');
  await consent.waitForSelector('#person');
  await consent.select('#person', `${stack.account.uuid}:${staffUuid}`);
  await consent.click('#allow');
}

/** "Sign in with the platform", the consent page as `staffUuid`, and the signed-in state shown. */
export async function signInFirefox(browser: Browser, options: Page, stack: Stack, staffUuid: string): Promise<void> {
  await allowConsentFirefox(browser, stack, staffUuid, () => options.click('#sign-in'));
  await options.waitForSelector('#session-state[data-state="signed_in"]', { timeout: 20_000 });
}

/** "Who are you?": the person finds their name, picks it and presses "This is me". */
export async function chooseMeFirefox(options: Page, staff: { uuid: string; name: string }): Promise<void> {
  await options.waitForSelector('#staff-search');
  await options.type('#staff-search', staff.name);
  await options.click(`input[name="me"][value="${staff.uuid}"]`);
  await options.click('form[aria-label="Who are you"] button[type="submit"]');
  await options.waitForFunction(
    (name: string) => document.getElementById('me-name')?.textContent === name,
    { timeout: 15_000 },
    staff.name,
  );
}

/** API-key mode: the key typed into "API key", "Use API key". */
export async function useApiKeyFirefox(options: Page, apiKey: string): Promise<void> {
  await typeInto(options, '#api-key', apiKey);
  await options.click('form[aria-labelledby="api-key-heading"] button[type="submit"]');
  await options.waitForSelector('#session-state[data-state="signed_in"]', { timeout: 20_000 });
}

export async function signOutFirefox(options: Page): Promise<void> {
  await options.click('#sign-out');
  await options.waitForSelector('#session-state[data-state="signed_out"]', { timeout: 20_000 });
}

/** Opens one of Fieldside's pages (`/popup.html`, `/sidepanel.html`) in a tab; answers it once `ready` shows. */
export async function openFieldsidePage(
  browser: Browser,
  options: Page,
  path: string,
  ready: string,
  timeoutMs = 20_000,
): Promise<Page> {
  const before = new Set(await browser.pages());
  await options.evaluate((p: string) => {
    const ext = (globalThis as unknown as { browser: Ext }).browser;
    void ext.tabs.create({ url: ext.runtime.getURL(p) });
  }, path);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const page of await browser.pages())
      if (!before.has(page) && (await page.$(ready).catch(() => null))) return page;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${path} did not show ${ready} in ${timeoutMs / 1000} s; ${await whatNewPagesShow(browser, before)}`);
}

/** The text of each page opened since `before`: what a person would have seen instead of what was awaited. */
async function whatNewPagesShow(browser: Browser, before: Set<Page>): Promise<string> {
  const shown: string[] = [];
  for (const page of await browser.pages()) {
    if (before.has(page)) continue;
    shown.push(`${page.url()} showed: ${await pageText(page)}`);
  }
  return shown.length === 0 ? 'no new page opened' : shown.join('; ');
}

/** `selector` on screen in `page`; if it never comes, the error says what the page showed instead (a step that
 * fails one run in many is found from that, not from a bare timeout). */
export async function waitForShown(page: Page, selector: string, timeoutMs = 20_000): Promise<void> {
  try {
    await page.waitForSelector(selector, { visible: true, timeout: timeoutMs });
  } catch (error) {
    throw new Error(`${selector} was not shown in ${timeoutMs / 1000} s; the page showed: ${await pageText(page)}`, {
      cause: error,
    });
  }
}

/** What a person reads on the page, in one line (its first 400 characters). */
async function pageText(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body?.innerText ?? '').catch((e: unknown) => `(${String(e)})`);
  return JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 400));
}

/** Signs in to the platform's web app as a person does (the cookie stays with the browser). */
export async function signInToWebAppFirefox(browser: Browser, stack: Stack, staffUuid: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  await page.goto(`${stack.emulator.info.web_url}/login`);
  await page.select('#person', `${stack.account.uuid}:${staffUuid}`);
  await Promise.all([page.waitForNavigation(), page.click('#sign-in-submit')]);
  return page;
}

/** A person's first steps in Fieldside's options page: where it connects, sign in as `staff`, "This is me". */
export async function signInFirefoxAs(
  { browser, options }: { browser: Browser; options: Page },
  stack: Stack,
  staff: { uuid: string; name: string },
): Promise<void> {
  await setUpStep('typing where Fieldside connects', () => connectFirefox(options, stack));
  await setUpStep('signing in through the consent page', () => signInFirefox(browser, options, stack, staff.uuid));
  await setUpStep('choosing who you are', () => chooseMeFirefox(options, staff));
}

/** The button with exactly these words, once the page shows it. */
export async function buttonNamed(page: Page, words: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (w: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === w) ?? null,
    { timeout: 20_000 },
    words,
  );
  return handle as ElementHandle<Element>;
}
