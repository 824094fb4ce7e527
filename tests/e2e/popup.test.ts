// The quick-search popup in real Chromium with the built extension, against the emulator: opens
// focused with jobs shown, answers every keystroke from the IndexedDB cache (job number first, a
// customer fragment, a typo), opens a job by keyboard, keeps answering offline and says so, shows
// markup in job fields as inert text, passes axe-core, and follows the dark theme.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAlarmDueNow } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { jobWindowUrl, signInToWebApp } from './support/content-page';
import { connect, signOut, useApiKey } from './support/options-page';
import { openQuickSearch, search, seriousA11yProblems, shownResults } from './support/popup-page';
import { startStack, type Stack } from './support/stack';
import { tokenRgb } from './support/tokens';
import { cacheOf, waitForSynced } from './support/sync';

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let jobs: Record<string, any>[];
let companies: Map<string, string>;
/** A job with a customer, whose address gets a word found nowhere else (the typo case). */
let target: Record<string, any>;
/** A job whose description, address and company name carry markup and script. */
let hostile: Record<string, any>;

const RARE_STREET = 'Quillfeather';
const HOSTILE_ADDRESS = '<img src=x onerror="window.__pwned=1">7 Inert Road';
const HOSTILE_COMPANY = 'Evil <script>window.__pwned=2</script><a href="javascript:alert(1)">Co</a>';

beforeAll(async () => {
  stack = await startStack({ jobs: 600 });
  const account = stack.account.uuid;
  jobs = (await stack.emulator.control.listRecords(account, 'job')).filter((j) => j.active && j.company_uuid);
  target = jobs[10]!;
  hostile = jobs[20]!;
  await stack.emulator.control.updateRecord(account, 'job', String(target.uuid), {
    job_address: `41 ${RARE_STREET} Lane`,
  });
  await stack.emulator.control.updateRecord(account, 'job', String(hostile.uuid), {
    job_address: HOSTILE_ADDRESS,
    job_description: '<img src=x onerror=alert(1)> <a href="javascript:alert(2)">click</a>',
  });
  await stack.emulator.control.updateRecord(account, 'company', String(hostile.company_uuid), {
    name: HOSTILE_COMPANY,
  });
  companies = new Map(
    (await stack.emulator.control.listRecords(account, 'company')).map((c) => [String(c.uuid), String(c.name)]),
  );

  browser = await launchChromium();
  options = await browser.openOptions();
  await connect(options, stack);
  await useApiKey(options, stack.account.api_key);
  await waitForSynced(options, cacheOf(stack, 'all'));
  // Signed in to the platform's web app too, as staff are: a job opened there lands on its window.
  const web = await browser.context.newPage();
  await signInToWebApp(web, stack, stack.administrator.uuid);
  await web.close();
});
afterAll(async () => {
  await browser?.close();
  // One test stops the emulator itself; closing it again may complain.
  await stack?.close().catch(() => undefined);
});

describe('quick search popup', () => {
  it('opens with the search box focused and jobs shown, fast', async () => {
    const page = await openQuickSearch(browser);
    await page.locator('#results[data-answered=""] [role="option"]').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('job-search');
    expect(await page.locator('#results-heading').textContent()).toMatch(/^(Today's jobs|Recent jobs)$/);
    expect((await shownResults(page)).length).toBeGreaterThan(0);
    const firstResultsMs = Number(await page.locator('body').getAttribute('data-first-results-ms', { timeout: 5_000 }));
    console.log(`popup open to first results: ${firstResultsMs} ms (600 jobs)`);
    expect(firstResultsMs).toBeGreaterThan(0);
    expect(await page.locator('#sync-line').textContent()).toContain('updated just now');
    await page.close();
  });

  it('draws the kept first rows before its modules have run, and keys pressed at once are acted on', async () => {
    const page = await browser.context.newPage();
    await page.goto(`chrome-extension://${browser.id}/popup.html`);
    // The first rows on screen are the early script's (plain DOM); arrows and Enter pressed as soon as they show.
    const third = page.locator('#results [role="option"]').nth(2);
    await third.waitFor();
    const uuid = await third.getAttribute('data-job-uuid');
    const opened = browser.context.waitForEvent('page', {
      predicate: (p) => p.url() === jobWindowUrl(stack, String(uuid)),
      timeout: 15_000,
    });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Enter');
    const tab = await opened;
    await tab.close();
    const body = page.locator('body');
    expect(await body.getAttribute('data-first-results-by')).toBe('early');
    // The row timed as the first is the first row the popup shows once it has read its cache.
    await page.locator('#results[data-answered=""]').waitFor({ state: 'attached' });
    const first = await page.locator('#results [role="option"] .result-number').first().textContent();
    expect(`#${await body.getAttribute('data-first-results-row')}`).toBe(first);
    await page.close();
  });

  it('answers each keystroke: a job number first, with number, status, customer and address', async () => {
    const page = await openQuickSearch(browser);
    const number = String(target.generated_job_id);
    await search(page, number);
    const [first] = await shownResults(page);
    expect(first?.uuid).toBe(target.uuid);
    expect(first?.marks).toContain(number);
    for (const part of [number, String(target.status), companies.get(String(target.company_uuid))!, RARE_STREET])
      expect(first?.text).toContain(part);
    // "#1234" works too.
    await search(page, `#${number}`);
    expect((await shownResults(page))[0]?.uuid).toBe(target.uuid);
    await page.close();
  });

  it('finds a customer by a fragment of the name, marked', async () => {
    const page = await openQuickSearch(browser);
    const name = companies.get(String(target.company_uuid))!;
    const fragment = name
      .split(/\s+/)
      .find((w) => w.length >= 4)!
      .slice(0, 4);
    await search(page, fragment);
    const results = await shownResults(page);
    expect(results.length).toBeGreaterThan(0);
    const withTarget = results.find((r) => r.text.includes(name));
    expect(withTarget, `no result for customer "${name}" among ${results.length}`).toBeTruthy();
    expect(results[0]!.marks.join(' ').toLowerCase()).toContain(fragment.toLowerCase());
    await page.close();
  });

  it('fits a browser’s popup: a long list scrolls inside it, the hint under it stays in view', async () => {
    // A browser draws a popup as wide as its body and as tall as its page, up to 600 px (Chrome and Firefox alike).
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 416, height: 600 });
    await page.goto(`chrome-extension://${browser.id}/popup.html`);
    await search(page, 'sydney'); // the account's city: in nearly every address
    const fit = await page.evaluate(() => {
      const list = document.querySelector('#results')!;
      const row = list.querySelector('[role="option"]')!.getBoundingClientRect().height;
      return {
        pageHeight: document.documentElement.scrollHeight,
        hintBottom: document.querySelector('#search-hint')!.getBoundingClientRect().bottom,
        listScrolls: list.scrollHeight > list.clientHeight,
        rowsInView: list.clientHeight / row,
      };
    });
    expect(fit.listScrolls).toBe(true);
    expect(fit.pageHeight).toBeLessThanOrEqual(600);
    expect(fit.hintBottom).toBeLessThanOrEqual(600);
    expect(fit.rowsInView).toBeGreaterThanOrEqual(3);
    await page.close();
  });

  it('forgives a typo and finds the intended job', async () => {
    const page = await openQuickSearch(browser);
    await search(page, 'quilfeather'); // one letter missing
    expect((await shownResults(page))[0]?.uuid).toBe(target.uuid);
    await search(page, 'quillfaether lane'); // two letters swapped, and a second word narrowing
    expect((await shownResults(page))[0]?.uuid).toBe(target.uuid);
    await page.close();
  });

  it('keyboard only: arrows move the selection, Escape clears, Enter opens the job page', async () => {
    const page = await openQuickSearch(browser);
    await page.locator('#results[data-answered=""] [role="option"]').first().waitFor();
    const box = page.locator('#job-search');
    const typed = String(target.generated_job_id).slice(0, 2);
    await page.keyboard.type(typed, { delay: 10 });
    // The typed query's own answer: the empty query's list (or the first digit's) also has three rows, and
    // its replacement arriving between the arrow presses resets the selection.
    await page.locator(`#results[data-answered="${typed}"] [role="option"]`).nth(2).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await box.getAttribute('aria-activedescendant')).toBe('result-1');
    expect((await shownResults(page)).map((r) => r.selected)).toEqual(
      (await shownResults(page)).map((_, i) => i === 1),
    );
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp'); // wraps to the last
    expect(await box.getAttribute('aria-activedescendant')).toBe(`result-${(await shownResults(page)).length - 1}`);
    await page.keyboard.press('Escape');
    await page.locator('#results[data-answered=""]').waitFor({ state: 'attached' });
    expect(await box.inputValue()).toBe('');

    await search(page, String(target.generated_job_id));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const opened = browser.context.waitForEvent('page', {
      predicate: (p) => p.url() === jobWindowUrl(stack, target.uuid),
      timeout: 15_000,
    });
    // Shift+Enter: the platform's web app (plain Enter prefers the side panel where there is one).
    await page.keyboard.press('Shift+Enter');
    const tab = await opened;
    await tab.locator(`.x-window[data-job-uuid="${target.uuid}"] .x-window-header-text`).waitFor();
    await tab.close();
    await page.close();
  });

  it('shows markup and script in job fields as inert text', async () => {
    const page = await openQuickSearch(browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
    await search(page, String(hostile.generated_job_id));
    const [first] = await shownResults(page);
    expect(first?.uuid).toBe(hostile.uuid);
    expect(first?.text).toContain(HOSTILE_ADDRESS);
    expect(first?.text).toContain(HOSTILE_COMPANY);
    await search(page, 'inert road');
    expect((await shownResults(page))[0]?.uuid).toBe(hostile.uuid);
    await page.waitForTimeout(300);
    expect(await page.locator('#results img, #results script, #results a, #results iframe').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('has no serious or critical accessibility problems, in light and dark', async () => {
    const page = await openQuickSearch(browser);
    await search(page, String(target.generated_job_id).slice(0, 2));
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.close();
  });

  it('follows the system theme', async () => {
    const page = await openQuickSearch(browser);
    const colours = () =>
      page.evaluate(() => ({
        bg: getComputedStyle(document.body).backgroundColor,
        fg: getComputedStyle(document.body).color,
      }));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(colours).toEqual({ bg: tokenRgb('color-bg', scheme), fg: tokenRgb('color-text', scheme) });
    }
    expect(tokenRgb('color-bg', 'light')).not.toBe(tokenRgb('color-bg', 'dark'));
    await page.close();
  });

  it('offline: still answers from the cache and says it is offline and how fresh the cache is', async () => {
    await browser.context.setOffline(true);
    try {
      const page = await openQuickSearch(browser);
      await search(page, String(target.generated_job_id));
      expect((await shownResults(page))[0]?.uuid).toBe(target.uuid);
      const line = page.locator('#sync-line');
      expect(await line.getAttribute('data-offline')).toBe('true');
      expect(await line.textContent()).toMatch(/Offline.*updated (just now|\d+ min ago)/);
      await page.close();
    } finally {
      await browser.context.setOffline(false);
    }
  });

  it('the platform gone: a sync fails, the popup says why and still answers', async () => {
    await stack.emulator.close();
    const page = await openQuickSearch(browser);
    // The next periodic sync finds the platform gone.
    await syncAlarmDueNow(page);
    await expect
      .poll(() => page.locator('#sync-line').textContent(), { timeout: 60_000 })
      .toContain('Last sync problem');
    // In words on screen; the request and what the platform said only behind "Details for support".
    const line = page.locator('#sync-line');
    expect(await line.innerText()).toContain('The platform could not be reached');
    expect(await line.innerText()).not.toMatch(/\b(GET|POST)\b|\/api_|\.json|\b[1-5]\d\d\b/);
    await line.getByText('Details for support').click();
    expect(await line.locator('.support-details').innerText()).toMatch(/GET \/api_1\.0\//);
    await search(page, RARE_STREET.toLowerCase());
    expect((await shownResults(page))[0]?.uuid).toBe(target.uuid);
    await page.close();
  });

  it('signed out: a clear prompt that opens the first-run page to sign in', async () => {
    await options.bringToFront();
    await signOut(options);
    const page = await openQuickSearch(browser);
    await page.getByRole('heading', { name: 'Sign in to find your jobs' }).waitFor();
    // The button has the focus as soon as it shows, so a key pressed at once goes to it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in');
    const firstRun = browser.context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/welcome.html') });
    await page.keyboard.press('Enter');
    await (await firstRun).close();
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.close();
  });
});
