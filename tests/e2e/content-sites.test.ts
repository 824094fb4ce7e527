// Sites the person adds in the options: the sites content script is registered at run time (Chrome:
// scripting.registerContentScripts) for the stored sites, and puts a job badge beside text like
// "Job #1234" on them. A small local page stands in for webmail; the development build already
// holds permission for http://127.0.0.1/*, so the stored list is written directly (the permission
// prompt of "Add site" cannot be answered in headless Chromium). The options' validation is tested
// through the form.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { badgeAxeProblemsInBothSchemes } from './support/axe';
import { closedBadges } from './support/closed-badges';
import { launchForContent } from './support/content-page';
import { quickNoteFrame, quickNoteFrames } from './support/quick-note-frame';
import type { Stack } from './support/stack';
import { startTechnicianAtWork } from './support/technician-at-work';
import { serveLocalPage } from './support/local-page';
import { setUpFile } from '../support/set-up-file';

declare const chrome: {
  storage: { local: { set(items: Record<string, unknown>): Promise<void> } };
  scripting: { getRegisteredContentScripts(): Promise<Array<{ id: string; matches: string[] }>> };
};

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let mailUrl: string;
let job: { uuid: string; number: string; status: string };

setUpFile(async (own) => {
  ({ stack, browser, options } = await startTechnicianAtWork(own, { launch: launchForContent }));
  const mine = new Set(await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid));
  const record = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).find((j) =>
    mine.has(String(j.uuid)),
  )!;
  job = { uuid: String(record.uuid), number: String(record.generated_job_id), status: String(record.status) };
  const mail = own(
    await serveLocalPage(`<!doctype html><html lang="en"><title>Inbox</title><body>
<h1>Inbox</h1>
<p id="mention">Re: Job #${job.number} – the boiler again</p>
<p id="unknown">About job #99999998, which nobody has.</p>
<textarea id="draft">Job #${job.number} in a draft</textarea>
</body></html>`),
  );
  mailUrl = mail.url;
});

describe('sites the person added', () => {
  it('registers the sites script at run time and badges "Job #1234" text there', async () => {
    const page = await browser.context.newPage();
    // Not added yet: nothing on the page.
    await page.goto(mailUrl);
    await page.waitForLoadState('load');
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.locator('fieldside-badge').count()).toBe(0);

    await options.evaluate(() => chrome.storage.local.set({ contentSites: ['http://127.0.0.1/*'] }));
    await expect
      .poll(() =>
        options.evaluate(async () =>
          (await chrome.scripting.getRegisteredContentScripts()).map((s) => ({ id: s.id, matches: s.matches })),
        ),
      )
      .toEqual([{ id: 'fieldside-sites', matches: ['http://127.0.0.1/*'] }]);

    const shadow = await closedBadges(browser.context, page);
    const mention = { css: '#mention fieldside-badge' };
    await page.reload();
    await shadow.waitFor(mention, 'button.badge');
    expect(await shadow.text(mention, 'button.badge .status')).toBe(job.status);
    // The mention's text is untouched; the unknown number gets a quiet badge of the same size that
    // says so and opens nothing; the draft gets none.
    expect(await page.locator('#mention').evaluate((p) => p.firstChild?.textContent)).toBe(`Re: Job #${job.number}`);
    const unknown = { css: '#unknown fieldside-badge' };
    await expect.poll(() => shadow.text(unknown, 'button.badge-quiet .says')).toBe('Not found');
    expect(await shadow.count(unknown, 'button.badge')).toBe(0);
    expect(await page.locator('fieldside-badge').count()).toBe(2);
    expect(await page.locator('#draft').inputValue()).toBe(`Job #${job.number} in a draft`);
    expect(await badgeAxeProblemsInBothSchemes(page, shadow, unknown)).toEqual([]);
    await shadow.click(unknown, 'button.badge-quiet');
    await new Promise((r) => setTimeout(r, 300));
    expect(quickNoteFrames(page)).toBe(0);
    // The same quick-note panel opens from the job's, at the person's click.
    await shadow.click(mention, 'button.badge');
    const frame = await quickNoteFrame(page);
    expect(await frame.locator('[role="dialog"] h2').textContent()).toBe(`Job #${job.number}: notes`);

    // Removed from the list: unregistered.
    await options.evaluate(() => chrome.storage.local.set({ contentSites: [] }));
    await expect
      .poll(() => options.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).length))
      .toBe(0);
  });

  it('the options refuse an address that is not a secure web site, before asking for any permission', async () => {
    await options.reload();
    const input = options.getByLabel('Site address');
    await input.fill('http://mail.example.com');
    await options.getByRole('button', { name: 'Add site' }).click();
    await expect
      .poll(() => options.locator('.sites-error').textContent())
      .toBe('Only secure (https) sites can be added');
    await input.fill('not a site');
    await options.getByRole('button', { name: 'Add site' }).click();
    await expect
      .poll(() => options.locator('.sites-error').textContent())
      .toBe('Enter a web address like mail.example.com');
    expect(await options.getByRole('list', { name: 'Sites with job badges' }).count()).toBe(0);
  });
});
