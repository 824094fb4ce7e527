// The platform's daily limit, met as people meet it: an administrator signs in (their browser paired from a job
// card: the account's settings are a verified administrator's), sees today's requests in the
// settings, and then the business's allowance runs out (the emulator's daily limit lowered to what the account
// has already used). Switching the view makes Fieldside ask the platform, which refuses for the rest of the day:
// the settings, the side panel and the popup each say so in plain words and when it comes back, and nothing the
// person had is lost.
import { expect, it } from 'vitest';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { connect } from './support/options-page';
import { signInPaired } from './support/pairing';
import { openQuickSearch } from './support/popup-page';
import { openSidePanel } from './support/sidepanel-page';
import { startStack, type Stack } from './support/stack';
import { cacheOf, readCachedJobs, waitForSynced } from './support/sync';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;

setUpFile(async (own) => {
  stack = own(await startStack());
  browser = own(await launchChromium());
});

const ALLOWANCE = /used up today.s allowance of platform requests/;
/** "… at 00:00 your time" in the browser's locale: a clock time, whatever the time zone. */
const COMES_BACK = /bring it up to date at \d{1,2}[:.]\d{2}/;

it('when the business has used up the day: the settings, the side panel and the popup say so and when it comes back; the cache stays', async () => {
  const options = await browser.openOptions();
  await connect(options, stack);
  await signInPaired(browser.context, options, stack, stack.administrator);
  const mine = cacheOf(stack, stack.administrator.uuid);
  await waitForSynced(options, mine);
  const kept = (await readCachedJobs(options, mine)).length;
  expect(kept).toBeGreaterThan(0);

  // An administrator sees today's requests against the business's allowance, and no warning yet.
  await options.reload();
  await options.locator('#budget-use').waitFor();
  expect(await options.locator('#budget-use').textContent()).toMatch(/has made [\d,.\s]+ requests today/);
  expect(await options.locator('.daily-limit').count()).toBe(0);

  // The rest of the business used up the day: every further request is refused until midnight UTC.
  await stack.emulator.control.setRateLimit(100_000, 1);

  // Looking at a technician's work needs the platform: it refuses, and the settings say why (not that the
  // administrator is no administrator), and the view stays as it was.
  await options.getByLabel('View as').selectOption(stack.technician.uuid);
  await options.getByRole('button', { name: 'Switch view' }).click();
  await options.locator('#error').waitFor({ timeout: 30_000 });
  expect(await options.locator('#error').textContent()).not.toMatch(/Only an administrator/);
  expect(await options.locator('#view-as-name').count()).toBe(0);
  const notice = options.locator('.daily-limit');
  await notice.waitFor({ timeout: 30_000 });
  expect(await notice.textContent()).toMatch(ALLOWANCE);
  expect(await notice.textContent()).toMatch(COMES_BACK);
  // In the person's words, never the platform's message or a status code.
  expect(await notice.textContent()).not.toMatch(/429|API requests per day exceeded/);

  // The side panel and the popup say the same.
  const panel = await openSidePanel(browser);
  await panel.locator('.daily-limit').waitFor({ timeout: 15_000 });
  expect(await panel.locator('.daily-limit').textContent()).toMatch(ALLOWANCE);
  // The day is the one Fieldside kept, and the panel does not blame the person's network for it.
  await panel.locator('#day-offline').waitFor({ timeout: 15_000 });
  expect(await panel.locator('#day-offline').textContent()).toMatch(
    /^The platform is not answering just now — your day as of /,
  );
  const popup = await openQuickSearch(browser);
  await popup.locator('.daily-limit').waitFor({ timeout: 15_000 });
  expect(await popup.locator('.daily-limit').textContent()).toMatch(COMES_BACK);

  // Nothing the administrator had is lost: their own cache is untouched.
  expect((await readCachedJobs(options, mine)).length).toBe(kept);
});
