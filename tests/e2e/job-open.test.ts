// Opening a job from the popup in real Chromium, as a person does: Shift+Enter opens the platform's
// job page in a new tab; Enter asks for the side panel, which opens where the browser allows it, else
// (no user gesture reaches the worker from a test) the web page does; either way the side panel
// remembers the job.
import { expect, it } from 'vitest';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { connect, useApiKey } from './support/options-page';
import { signInToWebApp } from './support/content-page';
import { openQuickSearch, search, shownResults } from './support/popup-page';
import { startStack, type Stack } from './support/stack';
import { cacheOf, waitForSynced } from './support/sync';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  browser = own(await launchChromium());
});

it('opens a job on the platform, with Shift+Enter and with Enter alike, and remembers it for the side panel', async () => {
  const page = await browser.openOptions();
  await connect(page, stack);
  await useApiKey(page, stack.account.api_key);
  await waitForSynced(page, cacheOf(stack, 'all'));
  const job = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).find(
    (j) => Number(j.active) === 1,
  )!;
  const uuid = String(job.uuid);

  // The person is signed in to the web app in this browser, as staff are all day.
  await signInToWebApp(await browser.context.newPage(), stack, stack.administrator.uuid);
  const jobUrl = `${stack.emulator.info.web_url}/job/${uuid}`;
  const popup = await openQuickSearch(browser);
  await search(popup, String(job.generated_job_id));
  expect((await shownResults(popup))[0]?.uuid).toBe(uuid);
  const tab = browser.context.waitForEvent('page', { predicate: (p) => p.url() === jobUrl });
  await popup.keyboard.press('Shift+Enter');
  const opened = await tab;
  // The web app (not the REST host), at the job's window: a deep-link form the emulator takes.
  await opened.locator(`.x-window[data-job-uuid="${uuid}"] .x-window-header-text`).waitFor();
  expect(opened.url()).toBe(jobUrl);
  await opened.close();

  const again = await openQuickSearch(browser);
  await search(again, String(job.generated_job_id));
  await again.keyboard.press('Enter');
  // Either the side panel is open (Chrome lets the worker open it) or the job's page is.
  await expect
    .poll(
      async () => {
        const panels = await page.evaluate(() =>
          (globalThis as any).chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] }),
        );
        const tab = browser.context.pages().some((p) => p.url() === jobUrl);
        return panels.length > 0 || tab;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const remembered = await page.evaluate(() => (globalThis as any).chrome.storage.session.get('sidePanelJob'));
  expect(remembered.sidePanelJob).toBe(uuid);
});
