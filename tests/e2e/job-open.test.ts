// "job.open" in real Chromium: the platform's job page in a new tab; the side panel where the
// browser allows it, else (no user gesture reaches the worker from a test) the web page as well.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, sendFromPage, type ExtensionBrowser } from './support/chromium';
import { connect } from './support/options-page';
import { signInToWebApp } from './support/content-page';
import { startStack, type Stack } from './support/stack';
import { waitForSynced } from './support/sync';

let stack: Stack;
let browser: ExtensionBrowser;
beforeAll(async () => {
  stack = await startStack({ jobs: 300 });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

it('opens a job on the platform, from "web" and from "sidepanel" alike, and remembers it for the side panel', async () => {
  const page = await browser.openOptions();
  await connect(page, stack);
  expect((await sendFromPage(page, 'session.useApiKey', { apiKey: stack.account.api_key })).ok).toBe(true);
  await waitForSynced(page);
  const [job] = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
  const uuid = String(job!.uuid);

  // The person is signed in to the web app in this browser, as staff are all day.
  await signInToWebApp(await browser.context.newPage(), stack, stack.administrator.uuid);
  const jobUrl = `${stack.emulator.info.web_url}/job/${uuid}`;
  const tab = browser.context.waitForEvent('page', { predicate: (p) => p.url() === jobUrl });
  expect((await sendFromPage(page, 'job.open', { uuid, target: 'web' })).ok).toBe(true);
  const opened = await tab;
  // The web app (not the REST host), at the job's window: a deep-link form the emulator takes.
  await opened.locator(`.x-window[data-job-uuid="${uuid}"] .x-window-header-text`).waitFor();
  expect(opened.url()).toBe(jobUrl);
  await opened.close();

  expect((await sendFromPage(page, 'job.open', { uuid, target: 'sidepanel' })).ok).toBe(true);
  // Either the side panel is open (Chrome lets the worker open it) or the job's page is.
  await expect
    .poll(async () => {
      const panels = await page.evaluate(() => (globalThis as any).chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] }));
      const tab = browser.context.pages().some((p) => p.url() === jobUrl);
      return panels.length > 0 || tab;
    }, { timeout: 15_000 })
    .toBe(true);
  const remembered = await page.evaluate(() => (globalThis as any).chrome.storage.session.get('sidePanelJob'));
  expect(remembered.sidePanelJob).toBe(uuid);

  // A uuid that is not one is refused by the protocol before anything opens.
  const refused = await sendFromPage(page, 'job.open', { uuid: 'javascript:alert(1)', target: 'web' });
  expect(refused.ok).toBe(false);
});
