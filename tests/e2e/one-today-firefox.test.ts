// One "today" in Firefox ESR: the same as one-today.test.ts (read its comment: how the clocks make
// the account's date and the browser's differ whatever the time of day), with Firefox's sidebar page
// and toolbar button. Firefox refuses test navigation to moz-extension:// pages, so the popup and the
// sidebar page open in tabs from the options page (support/firefox-pages.ts).
import { expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { browserClock, expectSydneyAhead, startSydneyMorning, type SydneyMorning } from './support/sydney-morning';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { openFieldsidePage, signInFirefoxAs } from './support/firefox-pages';
import { setUpFile } from '../support/set-up-file';

declare const browser: { browserAction: { getBadgeText(details: object): Promise<string> } };

let morning: SydneyMorning;
let firefox: FirefoxWithExtension;

setUpFile(async (own) => {
  morning = await startSydneyMorning(own);
  firefox = own(await launchFirefox({ env: morning.clocks.browserEnv }));
  await signInFirefoxAs(firefox, morning.stack, morning.stack.technician);
}, 180_000);

it("runs Firefox in UTC on the platform's clock, at an hour when its date is not Sydney's", async () => {
  await expectSydneyAhead(await firefox.options.evaluate(browserClock), morning);
});

it("shows the same today's jobs in the sidebar page, the toolbar button's badge and the popup", async () => {
  const todaysJobs = new Set(morning.todaysJobs);
  const panel: Page = await openFieldsidePage(firefox.browser, firefox.options, '/sidepanel.html', 'li.visit');
  const inPanel = await panel.$$eval('li.visit, li.other-job', (els) =>
    els.map((e) => e.getAttribute('data-job-uuid')),
  );
  expect(new Set(inPanel), "the sidebar's jobs are the technician's today in Sydney").toEqual(todaysJobs);

  await expect
    .poll(() => panel.evaluate(() => browser.browserAction.getBadgeText({})), {
      timeout: 20_000,
      message: "the toolbar button's badge counts today's jobs",
    })
    .toBe(String(todaysJobs.size));

  const popup = await openFieldsidePage(firefox.browser, firefox.options, '/popup.html', '#results [role="option"]');
  const shown = () =>
    popup.$$eval('#results [role="option"]', (els) => els.map((e) => e.getAttribute('data-job-uuid')));
  await expect
    .poll(shown, { timeout: 30_000, message: "the popup's first screen lists the sidebar's jobs, in its order" })
    .toEqual([...new Set(inPanel)]);
  expect(await popup.$eval('#results-heading', (e) => e.textContent), "the popup's heading").toBe("Today's jobs");
  // Every one of today's jobs says today, those given with no set time too (not the job's own date).
  const days = await popup.$$eval('#results [role="option"]', (els) =>
    els.map((li) => li.querySelector('.result-day')?.textContent ?? ''),
  );
  expect(days, "the days on today's rows").toEqual(inPanel.map(() => 'today'));
  await popup.close();
  await panel.close();
});
