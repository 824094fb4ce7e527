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
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { connectBrowser } from './support/connected-browser';
import { browserClock, expectSydneyAhead, startSydneyMorning, type SydneyMorning } from './support/sydney-morning';
import { signInFieldWorker } from './support/field-worker';
import { CHROME_DIR } from './support/paths';
import { openQuickSearch, shownResults } from './support/popup-page';
import { openSidePanel } from './support/sidepanel-page';
import { setUpFile } from '../support/set-up-file';

declare const chrome: { action: { getBadgeText(details: object): Promise<string> } };

let morning: SydneyMorning;
let browser: ExtensionBrowser;

setUpFile(async (own) => {
  morning = await startSydneyMorning(own);
  const launch = () =>
    launchChromium(process.env.FIELDSIDE_E2E_CHROME_DIR ?? CHROME_DIR, { env: morning.clocks.browserEnv });
  const connected = await connectBrowser(own, morning.stack, launch);
  browser = connected.browser;
  await signInFieldWorker(browser, connected.options, morning.stack, { allowBadges: false });
}, 180_000);

it("runs the browser in UTC on the platform's clock, at an hour when its date is not Sydney's", async () => {
  await expectSydneyAhead(await (await browser.worker()).evaluate(browserClock), morning);
});

it("shows the same today's jobs in the side panel, the toolbar badge and the popup", async () => {
  const todaysJobs = new Set(morning.todaysJobs);
  const panel = await openSidePanel(browser);
  await expect
    .poll(() => panel.locator('li.visit').count(), { timeout: 20_000, message: 'the side panel shows a visit today' })
    .toBeGreaterThan(0);
  const inPanel = await panel
    .locator('li.visit, li.other-job')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-job-uuid')));
  expect(new Set(inPanel), "the side panel's jobs are the technician's today in Sydney").toEqual(todaysJobs);

  await expect
    .poll(() => panel.evaluate(() => chrome.action.getBadgeText({})), {
      timeout: 20_000,
      message: "the toolbar badge counts today's jobs",
    })
    .toBe(String(todaysJobs.size));

  const popup = await openQuickSearch(browser);
  await expect
    .poll(async () => (await shownResults(popup)).map((r) => r.uuid), {
      timeout: 20_000,
      message: "the popup's first screen lists the side panel's jobs, in its order",
    })
    .toEqual([...new Set(inPanel)]);
  expect(await popup.locator('#results-heading').textContent(), "the popup's heading").toBe("Today's jobs");
  await popup.close();
  await panel.close();
});
