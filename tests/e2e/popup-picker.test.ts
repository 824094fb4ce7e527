// "Add selection as a note to a job…": the picker window shows the selected text, finds the job with
// the quick search, adds the text as a note to it and closes; the note reaches the emulator.
// And the quick search while a first sync runs (a fresh sign-in): progress, then the jobs.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { stopServiceWorker } from './support/background';
import type { ExtensionBrowser } from './support/chromium';
import { signOut, useApiKey } from './support/options-page';
import { startConnected } from './support/connected-browser';
import { openQuickSearch, search, seriousA11yProblems, shownResults } from './support/popup-page';
import type { Stack } from './support/stack';
import { cacheOf, waitForSynced } from './support/sync';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;

setUpFile(async (own) => {
  let options: Page;
  ({ stack, browser, options } = await startConnected(own));
  await useApiKey(options, stack.account.api_key);
  await waitForSynced(options, cacheOf(stack, 'all'));
});

it('picks a job by keyboard and adds the selected text as a note, then closes', async () => {
  const job = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).find((j) => j.active)!;
  const text = `Gate code 4411 <img src=x onerror="window.__pwned=1"> (${Date.now()})`;
  // The context-menu click, as Chromium delivers it to the worker (a person right-clicking a selection).
  const picker = browser.context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/picker.html') });
  const worker = await browser.worker();
  await worker.evaluate((selectionText) => {
    const menus = (
      globalThis as unknown as {
        chrome: { contextMenus: { onClicked: { dispatch(info: unknown, tab?: unknown): void } } };
      }
    ).chrome.contextMenus;
    menus.onClicked.dispatch({
      menuItemId: 'fieldside-add-selection-note',
      selectionText,
      editable: false,
      pageUrl: 'https://example.com/',
    });
  }, text);
  const page = await picker;
  await page.locator('#selection').waitFor();
  expect(await page.locator('#selection').textContent()).toBe(text);
  expect(await page.locator('#selection img').count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('job-search');
  expect(await page.locator('#add-note').isDisabled()).toBe(true);

  await search(page, String(job.generated_job_id));
  expect((await shownResults(page))[0]?.uuid).toBe(job.uuid);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: `Note for job #${job.generated_job_id}` }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('add-note'); // focus moves to the action
  expect(await seriousA11yProblems(page)).toEqual([]);

  const closed = page.waitForEvent('close');
  await page.keyboard.press('Enter');
  await closed;
  await expect
    .poll(
      async () =>
        (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter(
          (n) => n.related_object_uuid === job.uuid && n.note === text,
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
});

it('says so when nothing is waiting to be added', async () => {
  // The worker holds the pending text in memory: a restarted worker has none. (Open extension pages
  // reconnect their live port and wake it at once, so close them first.)
  for (const open of browser.context.pages()) await open.close();
  const page = await browser.context.newPage();
  await stopServiceWorker(browser.context, page);
  await page.goto(`chrome-extension://${browser.id}/picker.html`);
  await page.locator('#no-selection').waitFor();
  expect(await page.locator('#no-selection').textContent()).toContain('Nothing is waiting');
  await search(page, '1');
  await page.keyboard.press('Enter');
  expect(await page.locator('#add-note').isDisabled()).toBe(true);
  await page.close();
});

it('the popup during a first sync: a progress line, then the jobs as soon as it finishes', async () => {
  for (const open of browser.context.pages()) await open.close();
  const options = await browser.openOptions();
  await signOut(options);
  // The job pages wait unanswered until the test lets them go: the popup opens in the middle of the first sync on any
  // machine (a first page 1.5 s late left a window a loaded machine could miss).
  await stack.emulator.control.injectFault({ kind: 'hold', rate: 1, pathPrefix: '/api_1.0/job.json' });
  try {
    await useApiKey(options, stack.account.api_key);
    const page = await openQuickSearch(browser);
    await expect
      .poll(() => page.locator('#sync-line').textContent(), { timeout: 20_000 })
      .toMatch(/First sync: [\d,]+ jobs saved/);
    await stack.emulator.control.clearFaults();
    // No reload: the finished sync's status makes the popup read the cache again.
    await page.locator('#results[data-answered=""] [role="option"]').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('#results-heading').textContent()).toMatch(/^(Today's jobs|Recent jobs)$/);
    // The rows can be read from the pages stored before the sync's last status reaches the popup: the line follows.
    await expect
      .poll(() => page.locator('#sync-line').textContent(), { timeout: 20_000 })
      .toContain('updated just now');
  } finally {
    await stack.emulator.control.clearFaults();
  }
});
