// The quick-search popup in Firefox ESR with the built extension, as a technician uses it: signed in
// through the consent page, the popup shows their jobs once the first sync is done, answers what they
// type (a job number, a customer's name) from the cache, only with jobs they may see, and Enter opens
// the chosen job in the platform's web app (Firefox has no side panel to open it in). Firefox refuses
// test navigation to moz-extension:// addresses, so the options page opens the popup page in a tab.
import type { Page } from 'puppeteer-core';
import { expect, it } from 'vitest';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { openFieldsidePage, signInFirefoxAs, signInToWebAppFirefox } from './support/firefox-pages';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let firefox: FirefoxWithExtension;
let popup: Page;
/** Jobs the technician may see, with their numbers and customers. */
let mine: Array<{ uuid: string; number: string; customer: string }>;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  const { control } = stack.emulator;
  const visible = new Set(await control.visibleJobUuids(stack.account.uuid, stack.technician.uuid));
  const companies = new Map(
    (await control.listRecords(stack.account.uuid, 'company')).map((c) => [String(c.uuid), String(c.name)]),
  );
  mine = (await control.listRecords(stack.account.uuid, 'job'))
    .filter((j) => visible.has(String(j.uuid)) && Number(j.active) === 1 && j.company_uuid)
    .map((j) => ({
      uuid: String(j.uuid),
      number: String(j.generated_job_id),
      customer: companies.get(String(j.company_uuid)) ?? '',
    }));
  firefox = own(await launchFirefox());
  await signInFirefoxAs(firefox, stack, stack.technician);
}, 120_000);

/** Types `query` into the search box key by key (emptied first) and waits until the results answer it. */
async function search(page: Page, query: string): Promise<string[]> {
  await page.click('#job-search');
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(query, { delay: 10 });
  await page.waitForSelector(`#results[data-answered="${query}"]`, { timeout: 10_000 });
  return page.$$eval('#results [role="option"]', (items) => items.map((li) => li.getAttribute('data-job-uuid') ?? ''));
}

it("shows the technician's jobs once the first sync is done, focused on the search box", async () => {
  expect(mine.length).toBeGreaterThan(2);
  popup = await openFieldsidePage(firefox.browser, firefox.options, '/popup.html', '#job-search');
  // No reload: the first sync's end makes the popup read the cache again.
  await popup.waitForSelector('#results[data-answered=""] [role="option"]', { timeout: 60_000 });
  expect(await popup.evaluate(() => document.activeElement?.id)).toBe('job-search');
  await popup.waitForFunction(() => document.getElementById('sync-line')?.textContent?.includes('updated just now'), {
    timeout: 10_000,
  });
});

it('answers what is typed: a job number first, and a customer by part of their name, only among the jobs the technician may see', async () => {
  const target = mine[3]!;
  const byNumber = await search(popup, target.number);
  expect(byNumber[0]).toBe(target.uuid);
  const text = await popup.$eval('#results [role="option"]', (li) => li.textContent ?? '');
  expect(text).toContain(target.number);
  expect(text).toContain(target.customer);

  const fragment = target.customer
    .split(/\s+/)
    .find((w) => w.length >= 4)!
    .slice(0, 4)
    .toLowerCase();
  // Customer rows (no job of their own) may come above the jobs; the jobs are only the technician's.
  const byCustomer = (await search(popup, fragment)).filter((uuid) => uuid !== '');
  expect(byCustomer.length).toBeGreaterThan(0);
  const allowed = new Set(mine.map((j) => j.uuid));
  expect(byCustomer.filter((uuid) => !allowed.has(uuid))).toEqual([]);
  const marks = await popup.$$eval('#results [role="option"] mark', (els) =>
    els.map((m) => (m.textContent ?? '').toLowerCase()),
  );
  expect(marks).toContain(fragment);
});

it('opens the chosen job in the web app with Enter', async () => {
  const { browser } = firefox;
  await (await signInToWebAppFirefox(browser, stack, stack.technician.uuid)).close();
  const target = mine[5]!;
  await popup.bringToFront();
  await search(popup, target.number);
  const jobUrl = `${stack.emulator.info.web_url}/job/${target.uuid}`;
  const opened = browser.waitForTarget((t) => t.url() === jobUrl, { timeout: 15_000 });
  await popup.keyboard.press('Enter');
  const tab = await (await opened).page();
  if (!tab) throw new Error('No tab for the job');
  // The web app at the job's window.
  await tab.waitForSelector(`.x-window[data-job-uuid="${target.uuid}"] .x-window-header-text`, { timeout: 15_000 });
});
