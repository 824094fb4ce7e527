// One "today" in Chromium: a technician of a business in Australia/Sydney, on a browser whose clock
// and zone are UTC, at an hour when Sydney is already on the next day. The popup's first screen, the
// toolbar badge and the side panel all show the same jobs: the technician's visits and jobs without a
// set time on the account's today, as the emulator holds them.
//
// How the dates are made to differ whatever the time CI runs this: support/clocks.ts moves the
// platform's clock (the emulator's, which its seeded day is laid out around) and the browser's
// (datefudge, with TZ=UTC) by the same amount, to the instant nearest the real time whose UTC hour
// is 16:00-22:00. Sydney (UTC+10 or +11) is then on the next day, two hours or more from either
// midnight; the first test checks it in the browser itself.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import type { ShiftedClocks } from './support/clocks';
import { browserClock, expectSydneyAhead, startSydneyMorning, type SydneyMorning } from './support/sydney-morning';
import { signInFieldWorker } from './support/field-worker';
import { connect } from './support/options-page';
import { CHROME_DIR } from './support/paths';
import { openQuickSearch, shownResults } from './support/popup-page';
import { openSidePanel } from './support/sidepanel-page';
import type { Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

declare const chrome: { action: { getBadgeText(details: object): Promise<string> } };

let clocks: ShiftedClocks;
let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let morning: SydneyMorning;
let todaysJobs: string[];

setUpFile(async (own) => {
  morning = await startSydneyMorning();
  ({ clocks, stack, todaysJobs } = morning);
  own(stack);
  browser = own(await launchChromium(process.env.FIELDSIDE_E2E_CHROME_DIR ?? CHROME_DIR, { env: clocks.browserEnv }));
  options = await browser.openOptions();
  await connect(options, stack);
  await signInFieldWorker(browser, options, stack, { allowBadges: false });
}, 180_000);

it("runs the browser in UTC on the platform's clock, at an hour when its date is not Sydney's", async () => {
  await expectSydneyAhead(await (await browser.worker()).evaluate(browserClock), morning);
});

it("shows the same today's jobs in the side panel, the toolbar badge and the popup", async () => {
  const panel = await openSidePanel(browser);
  await panel.locator('li.visit').first().waitFor({ timeout: 20_000 });
  const inPanel = await panel
    .locator('li.visit, li.other-job')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-job-uuid')));
  expect(new Set(inPanel)).toEqual(new Set(todaysJobs));

  await expect
    .poll(() => panel.evaluate(() => chrome.action.getBadgeText({})), { timeout: 20_000 })
    .toBe(String(new Set(todaysJobs).size));

  const popup = await openQuickSearch(browser);
  await expect
    .poll(async () => (await shownResults(popup)).map((r) => r.uuid), { timeout: 20_000 })
    .toEqual([...new Set(inPanel)]);
  expect(await popup.locator('#results-heading').textContent()).toBe("Today's jobs");
  await popup.close();
  await panel.close();
});
