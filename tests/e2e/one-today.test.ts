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
import { openQuickSearch, search, shownResults } from './support/popup-page';
import { shiftDate } from '../../lib/locale/days';
import { openSidePanel } from './support/sidepanel-page';
import { setUpFile } from '../support/set-up-file';

declare const chrome: { action: { getBadgeText(details: object): Promise<string> } };

let morning: SydneyMorning;
let browser: ExtensionBrowser;
let returnVisit: string;

/** Dates the first of today's visit jobs `days` before today on the platform; its uuid. */
async function dateBack(at: SydneyMorning, days: number): Promise<string> {
  const job = at.todaysJobs[0]!;
  const date = shiftDate(at.sydneyToday, -days);
  await at.stack.emulator.control.updateRecord(at.stack.account.uuid, 'job', job, { date: `${date} 00:00:00` });
  return job;
}

/** The technician's own jobs as the platform holds them: given to them and not done, or with a visit of theirs
 * from 30 days ago on (lib/side-panel/my-jobs.ts), among the jobs Fieldside keeps (active ones). */
async function ownJobs(at: SydneyMorning): Promise<Set<string>> {
  const { control } = at.stack.emulator;
  const account = at.stack.account.uuid;
  const staff = at.stack.technician.uuid;
  const from = shiftDate(at.sydneyToday, -30);
  const blank = (v: unknown) => !v || String(v).startsWith('0000');
  const own = new Set<string>();
  for (const a of await control.listRecords(account, 'joballocation'))
    if (a.staff_uuid === staff && Number(a.active) === 1 && blank(a.completion_timestamp)) own.add(String(a.job_uuid));
  for (const v of await control.listRecords(account, 'jobactivity'))
    if (
      v.staff_uuid === staff &&
      Number(v.active) === 1 &&
      Number(v.activity_was_scheduled) === 1 &&
      String(v.end_date) > from
    )
      own.add(String(v.job_uuid));
  const active = (await control.listRecords(account, 'job')).filter((j) => Number(j.active) === 1);
  return new Set(active.map((j) => String(j.uuid)).filter((uuid) => own.has(uuid)));
}

setUpFile(async (own) => {
  morning = await startSydneyMorning(own);
  const launch = () =>
    launchChromium(process.env.FIELDSIDE_E2E_CHROME_DIR ?? CHROME_DIR, { env: morning.clocks.browserEnv });
  // One of today's visits is to a job dated ten days ago (the office booked a return visit): its row must say
  // "today", the visit's day, not the job's own.
  returnVisit = await dateBack(morning, 10);
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
  // Every one of today's jobs says today, those given with no set time too (not the job's own date).
  const days = await popup
    .locator('#results [role="option"]')
    .evaluateAll((items) => items.map((li) => li.querySelector('.result-day')?.textContent ?? ''));
  expect(days, "the days on today's rows").toEqual(inPanel.map(() => 'today'));
  await popup.close();
  await panel.close();
});

it("narrows to the technician's own jobs with 'mine', and a job visited today says so whatever its own date", async () => {
  const popup = await openQuickSearch(browser);
  await expect
    .poll(async () => (await shownResults(popup)).find((r) => r.uuid === returnVisit)?.text ?? '', {
      timeout: 20_000,
      message: "the return visit's row on the first screen",
    })
    .toContain('today');

  const own = await ownJobs(morning);
  expect(own.size, "the technician's own jobs").toBeGreaterThan(1);
  await search(popup, 'mine');
  const rows = (await shownResults(popup)).map((r) => r.uuid);
  expect(rows.length, "'mine' lists the technician's own jobs, up to a screen of them").toBe(Math.min(own.size, 20));
  expect(
    rows.filter((uuid) => !own.has(uuid)),
    'jobs that are not theirs',
  ).toEqual([]);
  await popup.close();
});
