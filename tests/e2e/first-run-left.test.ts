// Setting up, left half-done: the person closes the first-run page after signing in, before saying who
// they are. The popup, the side panel and the settings each say what is left and lead back to the
// page. And a sign-in that does not allow finding jobs (one from before sign-in asked for it): the
// popup says so in words and asks for it through the consent page. Clicks and keys only.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { TECHNICAL_WORDS, firstRunPage } from './support/first-hour';
import { answerConsent, chooseMe, connect } from './support/options-page';
import { openQuickSearch } from './support/popup-page';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  browser = own(await launchChromium());
});

/** The first-run page a click opened: a new tab showing it. */
async function opensFirstRun(click: () => Promise<void>): Promise<Page> {
  const opened = browser.context.waitForEvent('page', {
    predicate: (p) => p.url().endsWith('/welcome.html'),
    timeout: 10_000,
  });
  await click();
  const page = await opened;
  await page.getByRole('heading', { name: 'Welcome to Fieldside' }).waitFor();
  return page;
}

it('closed half-way: the popup, the side panel and the settings say what is left and lead back to the first-run page', async () => {
  const welcome = await firstRunPage(browser.context);
  await connect(welcome, stack);
  await answerConsent(browser.context, welcome, stack.account.uuid, stack.technician.uuid);
  await welcome.getByLabel('Find your name').waitFor({ timeout: 20_000 });
  await welcome.close();

  const popup = await openQuickSearch(browser);
  await popup.locator('.prompt[data-state="choose_staff"]').waitFor();
  expect(await popup.locator('#prompt-title').textContent()).toBe('Tell Fieldside who you are');
  // The popup was opened: Fieldside is at hand, and only the day is left after "who are you".
  expect(await popup.locator('.prompt').textContent()).toContain('Then: open your day in the side panel.');
  expect(await popup.locator('body').innerText()).not.toMatch(TECHNICAL_WORDS);
  const fromPopup = await opensFirstRun(() => popup.getByRole('button', { name: 'Choose yourself' }).click());
  await fromPopup.getByLabel('Find your name').waitFor();
  await fromPopup.close();

  const panel = await browser.context.newPage();
  await panel.goto(`chrome-extension://${browser.id}/sidepanel.html`);
  await panel.locator('#choose-staff').waitFor();
  // Nothing of anyone's day before the answer, and no error for it either.
  expect(await panel.locator('#error').count()).toBe(0);
  const fromPanel = await opensFirstRun(() => panel.getByRole('button', { name: 'Choose yourself' }).click());
  await fromPanel.close();

  const options = await browser.openOptions();
  await options.locator('#setup-left').waitFor();
  expect(await options.locator('#setup-left li').allTextContents()).toEqual([
    'Tell Fieldside who you are',
    'Open your day in the side panel',
  ]);
  const fromOptions = await opensFirstRun(() => options.getByRole('button', { name: 'Continue setting up' }).click());
  // Finished there: the reminders go.
  await chooseMe(fromOptions, stack.technician, '#welcome-me');
  await fromOptions.getByRole('button', { name: 'Open my day in the side panel' }).click();
  await fromOptions.locator('#welcome-done').waitFor();
  await options.bringToFront();
  await options.locator('#setup-left').waitFor({ state: 'detached' });
  await panel.reload();
  await panel.locator('main#sidepanel[data-signed-in="true"]').waitFor();
  expect(await panel.locator('#choose-staff').count()).toBe(0);
  await popup.reload();
  await popup.locator('#job-search').waitFor();
  expect(await popup.locator('#setup-left').count()).toBe(0);
});

it('a sign-in that does not allow finding jobs: the popup says so in words and asks the platform for it', async () => {
  // A session from before sign-in asked for search: its record as an older version left it.
  const options = await browser.openOptions();
  await options.evaluate(async () => {
    const chrome = (
      globalThis as unknown as {
        chrome: { storage: { local: { get(k: string): Promise<Record<string, any>>; set(v: object): Promise<void> } } };
      }
    ).chrome;
    const { session } = await chrome.storage.local.get('session');
    const older = {
      ...session,
      scopes: session.scopes.filter((s: string) => s !== 'read_jobs' && s !== 'read_customers'),
    };
    await chrome.storage.local.set({ session: older });
  });
  const popup = await openQuickSearch(browser);
  await popup.locator('.prompt[data-state="search_not_allowed"]').waitFor();
  // Its one button has the focus as soon as it shows (Enter asks).
  expect(await popup.evaluate(() => document.activeElement?.textContent)).toBe('Allow finding jobs');
  expect(await popup.locator('.prompt').innerText()).toContain(
    'Fieldside may not read your jobs and customers yet, so it cannot find them.',
  );
  expect(await popup.locator('body').innerText()).not.toMatch(TECHNICAL_WORDS);

  // The platform remembers this person granted them before, so its consent answers at once, with no
  // page to click; a new code is still issued for the scopes asked.
  const codes = (await stack.emulator.control.stats()).grants.authorization_code;
  await popup.getByRole('button', { name: 'Allow finding jobs' }).click();
  await popup.locator('#job-search').waitFor({ timeout: 20_000 });
  expect((await stack.emulator.control.stats()).grants.authorization_code).toBe(codes + 1);
  // Who you are stayed: allowing more is not signing in again.
  await options.reload();
  expect(await options.locator('#me-name').textContent()).toBe(stack.technician.name);
});
