// Being told of work in Firefox ESR with the built extension: the technician turns it on in the sidebar page; the
// office books them a visit on a job they did not have; Firefox shows a notification naming it, live (how fast is
// printed, not asserted, as in the Chromium test), read back from the browser: a headless browser draws none to
// click; the click is Chromium's test. The open page's day then shows the visit, with no reload.
import { expect, it } from 'vitest';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { connectFirefox, openFieldsidePage, signInFirefox, waitForShown } from './support/firefox-pages';
import { activateFirefox, pairFirefox } from './support/firefox-pairing';
import { startStack, type Stack } from './support/stack';
import { cacheOf, waitForSynced } from './support/sync';
import { setUpFile } from '../support/set-up-file';
import { officeGivesTechnicianAJob } from './support/office-edit';

type Ext = {
  notifications: {
    getAll(): Promise<Record<string, unknown>>;
    onClosed: { addListener(listener: (id: string) => void): void };
  };
  storage: { local: { get(k: string): Promise<Record<string, unknown>> } };
};

let stack: Stack;
let firefox: FirefoxWithExtension;
setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  firefox = own(await launchFirefox());
  const { browser, options } = firefox;
  // Who is given a job is the platform's word: the account activated Fieldside (its changes come signed), and the
  // technician paired this browser from a job card.
  await activateFirefox(firefox, stack);
  await connectFirefox(options, stack);
  await signInFirefox(browser, options, stack, stack.technician.uuid);
  await pairFirefox(firefox, stack, stack.technician);
  await waitForSynced(options, cacheOf(stack, stack.technician.uuid), 90_000);
}, 180_000);

/** Longer than any wait but the change feed's own: past it, the notice did not come live. */
const LIVE_BOUND_MS = 10_000;

it('tells the technician of a job the office gives them, live, and the day in the sidebar page shows its visit', async () => {
  const panel = await openFieldsidePage(firefox.browser, firefox.options, '/sidepanel.html', '#work-notices-on');
  // The setting is drawn below the day once the day is laid out, so nothing pushes it from under the click.
  expect(await panel.$('#visits-title, #day-empty')).not.toBeNull();
  await panel.locator('#work-notices-on').click();
  // The hours are drawn once the setting is on: waited for as a person would, and what the page shows instead named.
  await waitForShown(panel, '#work-notices-from');
  await panel.locator('#work-notices-from').fill('0');
  await panel.locator('#work-notices-to').fill('24');
  // Read in the page itself: the function is sent there, so it names the page's own `browser`.
  const stored = (key: string) =>
    panel.evaluate(
      async (k: string) => (await (globalThis as unknown as { browser: Ext }).browser.storage.local.get(k))[k],
      key,
    );
  // Headless Firefox has no alert to draw: it takes the notification and closes it at once (notifications.onClosed
  // fires). So what the browser took is read back from both: those still open and those it has closed.
  await panel.evaluate(() => {
    const seen: string[] = [];
    (globalThis as unknown as { closedNotices: string[] }).closedNotices = seen;
    (globalThis as unknown as { browser: Ext }).browser.notifications.onClosed.addListener((id) => seen.push(id));
  });
  const shown = () =>
    panel.evaluate(async () => [
      ...Object.keys(await (globalThis as unknown as { browser: Ext }).browser.notifications.getAll()),
      ...(globalThis as unknown as { closedNotices: string[] }).closedNotices,
    ]);
  await expect.poll(() => stored('workNotices'), { timeout: 10_000 }).toMatchObject({ on: true, from: 0, to: 24 });
  await expect.poll(() => stored('feedPosition'), { timeout: 30_000 }).toBeTruthy();

  const { jobUuid, madeAt } = await officeGivesTechnicianAJob(stack);
  const id = `fieldside-job:${jobUuid}`;
  await expect
    .poll(shown, {
      timeout: LIVE_BOUND_MS,
      interval: 25,
    })
    .toContain(id);
  console.info(`work notice (Firefox): shown ${Date.now() - madeAt} ms after the office's edit`);
  // The day on the open page gains the visit (23:00, the day's last), with no reload.
  await panel.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  await panel.waitForSelector(`li.visit[data-job-uuid="${jobUuid}"]`, { timeout: LIVE_BOUND_MS });
  console.info(`a visit booked (Firefox): in the day ${Date.now() - madeAt} ms after the office's edit`);
  const last = await panel.$eval('li.visit:last-of-type', (e) => e.getAttribute('data-job-uuid'));
  expect(last).toBe(jobUuid);
  expect(await panel.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
});
