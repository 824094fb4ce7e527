// Customers in the quick search, in real Chromium with the built extension against the emulator, by
// keys and clicks as the office uses it: a caller's number typed in another format than the platform
// stores it finds their customer and that customer's jobs, open ones first; the customer row opens
// their jobs (click or Enter) and Esc goes back; an e-mail finds them too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { connect, useApiKey } from './support/options-page';
import { openQuickSearch, search, seriousA11yProblems, shownResults } from './support/popup-page';
import { startStack, type Stack } from './support/stack';
import { cacheOf, waitForSynced } from './support/sync';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
let company: { uuid: string; name: string };
let theirJobs: Array<Record<string, any>>;

// A number of the range kept for fiction (ACMA), so no seeded contact has it.
const STORED = '0491 570 156';
const EMAIL = 'priya.quennell@harbourview.example';
const CLOSED = new Set(['Completed', 'Unsuccessful']);
/** A job number that is also the start of STORED as the account's people type it. */
const JOB_NUMBER = '491570';
let byNumber: Record<string, any>;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 400 }));
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  const live = new Set(
    (await control.listRecords(account, 'company')).filter((c) => Number(c.active) === 1).map((c) => c.uuid),
  );
  const jobs = (await control.listRecords(account, 'job')).filter((j) => j.active && live.has(j.company_uuid));
  const counts = new Map<string, number>();
  for (const job of jobs) counts.set(String(job.company_uuid), (counts.get(String(job.company_uuid)) ?? 0) + 1);
  const [uuid] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const record = (await control.listRecords(account, 'company')).find((c) => c.uuid === uuid)!;
  company = { uuid, name: String(record.name) };
  theirJobs = jobs.filter((j) => j.company_uuid === uuid);
  // One open and one finished job at least, so "open first" shows.
  await control.updateRecord(account, 'job', String(theirJobs[0]!.uuid), { status: 'Completed' });
  await control.updateRecord(account, 'job', String(theirJobs[1]!.uuid), { status: 'Work Order' });
  theirJobs = (await control.listRecords(account, 'job')).filter((j) => j.active && j.company_uuid === uuid);
  // The customer's contact, stored as the office wrote it.
  const contact = (await control.listRecords(account, 'companycontact')).find((c) => c.company_uuid === uuid)!;
  await control.updateRecord(account, 'companycontact', String(contact.uuid), {
    first: 'Priya',
    last: 'Quennell',
    mobile: STORED,
    email: EMAIL,
  });

  // A long-standing account's job whose number is also the start of Priya's mobile (another customer's job).
  byNumber = jobs.find((j) => j.company_uuid !== uuid)!;
  await control.updateRecord(account, 'job', String(byNumber.uuid), { generated_job_id: JOB_NUMBER });

  browser = own(await launchChromium());
  const options = await browser.openOptions();
  await connect(options, stack);
  await useApiKey(options, stack.account.api_key);
  await waitForSynced(options, cacheOf(stack, 'all'));
  await options.close();
});

const customerRows = (page: Page) => page.locator('#results [data-customer]');

/** Types like a person and waits for the customer row (the popup re-reads the cache when the sync
 * that built the customer index finishes). */
async function findCustomer(page: Page, typed: string): Promise<void> {
  await search(page, typed);
  await customerRows(page).first().waitFor({ timeout: 15_000 });
}

function expectOpenFirst(uuids: string[]): void {
  const statuses = uuids.map((u) => String(theirJobs.find((j) => j.uuid === u)?.status));
  const firstClosed = statuses.findIndex((s) => CLOSED.has(s));
  expect(firstClosed).toBeGreaterThan(0);
  expect(statuses.slice(firstClosed).every((s) => CLOSED.has(s))).toBe(true);
}

describe('customers in the quick search', () => {
  it.each(['(04) 9157 0156', '+61491570156'])(
    'a caller’s number typed as %s finds their customer and the customer’s jobs, open first',
    async (typed) => {
      const page = await openQuickSearch(browser);
      await findCustomer(page, typed);
      const row = customerRows(page).first();
      expect(await row.getAttribute('data-customer')).toBe(`customer:${company.uuid}`);
      const text = await row.textContent();
      expect(text).toContain(company.name);
      expect(text).toContain('Priya Quennell');
      expect(text).toContain(STORED);
      expect(await row.locator('mark').allTextContents()).toEqual([STORED]);
      // Below it, the customer's jobs (none of anyone else's), open ones first.
      const jobs = (await shownResults(page)).filter((r) => r.uuid !== '').map((r) => r.uuid);
      expect(jobs.sort()).toEqual(theirJobs.map((j) => String(j.uuid)).sort());
      expectOpenFirst((await shownResults(page)).filter((r) => r.uuid !== '').map((r) => r.uuid));
      expect(await page.locator('#results-heading').textContent()).toBe(
        `${company.name}: ${theirJobs.length} jobs, open first`,
      );
      await page.close();
    },
  );

  it('a job’s number puts that job first, and the customer whose mobile starts with the same digits after the jobs', async () => {
    const page = await openQuickSearch(browser);
    await findCustomer(page, JOB_NUMBER);
    const shown = await shownResults(page);
    expect(shown[0]?.uuid).toBe(byNumber.uuid);
    expect(shown[0]?.marks).toContain(JOB_NUMBER);
    expect(shown[0]?.selected).toBe(true);
    const firstCustomer = shown.findIndex((r) => r.uuid === '');
    expect(shown.slice(0, firstCustomer).every((r) => r.uuid !== '')).toBe(true);
    expect(shown.slice(firstCustomer).every((r) => r.uuid === '')).toBe(true);
    expect(await customerRows(page).first().getAttribute('data-customer')).toBe(`customer:${company.uuid}`);
    // The selection runs through the jobs and on to the customer; Enter there opens the customer's jobs.
    for (let i = 0; i < firstCustomer; i++) await page.keyboard.press('ArrowDown');
    expect(await customerRows(page).first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.locator('#results-heading', { hasText: `${company.name}:` }).waitFor();
    await page.close();
  });

  it('the customer row opens their jobs by click or Enter, and Esc goes back to the search', async () => {
    const page = await openQuickSearch(browser);
    await findCustomer(page, EMAIL);
    expect(await customerRows(page).first().textContent()).toContain(company.name);
    expect(await customerRows(page).first().locator('.customer-email mark').allTextContents()).toEqual([
      'priya',
      'quennell',
      'harbourview',
      'example',
    ]);

    await customerRows(page).first().click();
    await page.locator('#results-heading', { hasText: `${company.name}:` }).waitFor();
    const shown = await shownResults(page);
    expect(shown.every((r) => r.uuid !== '')).toBe(true);
    expect(shown.map((r) => r.uuid).sort()).toEqual(theirJobs.map((j) => String(j.uuid)).sort());
    expectOpenFirst(shown.map((r) => r.uuid));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('job-search');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousA11yProblems(page)).toEqual([]);
    }

    await page.keyboard.press('Escape');
    expect(await seriousA11yProblems(page)).toEqual([]);
    await customerRows(page).first().waitFor();
    expect(await page.locator('#job-search').inputValue()).toBe(EMAIL);

    // By keys alone: the customer row is selected first; Enter opens it, Esc comes back.
    expect(await customerRows(page).first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.locator('.customer-back').waitFor();
    expect((await shownResults(page)).length).toBe(theirJobs.length);
    await page.locator('.customer-back').click();
    await customerRows(page).first().waitFor();
    await page.close();
  });
});
