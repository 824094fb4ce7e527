// A new job from the quick-search popup in Firefox ESR with the built extension, by keys and clicks as the office
// makes one. First a caller no customer has: their number finds nobody, "+ New job" opens the small form in a window
// of its own with "New customer" chosen and the number as their phone, and one consent page allows both creating jobs
// and adding customers ("Allow creating jobs and adding customers", with the platform's word on what it may cost); the
// customer, their contact and the job reach the platform. Then a caller who is a customer: their number typed in
// another format than stored finds them, the form opens with them chosen and asks for nothing more, and the job
// reaches the platform with them. Firefox refuses test navigation to moz-extension:// addresses, so the options page
// opens the popup page in a tab.
import type { Page } from 'puppeteer-core';
import { expect, it } from 'vitest';
import { findPage, launchFirefox, type FirefoxWithExtension } from './support/firefox';
import {
  allowConsentFirefox,
  chooseMeFirefox,
  connectFirefox,
  openFieldsidePage,
  signInFirefox,
  typeInto,
} from './support/firefox-pages';
import { arrangeCaller, jobsWith, TYPED } from './support/new-job';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let firefox: FirefoxWithExtension;
let office: { uuid: string; name: string };
let company: { uuid: string; name: string };

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  ({ office, company } = await arrangeCaller(stack));
  firefox = own(await launchFirefox());
  const { browser, options } = firefox;
  await connectFirefox(options, stack);
  await signInFirefox(browser, options, stack, office.uuid);
  await chooseMeFirefox(options, office);
}, 120_000);

/** The popup in a tab, once the first sync has filled it; `typed` typed into the search, as a person types a number. */
async function popupWith(typed: string): Promise<Page> {
  const { browser, options } = firefox;
  const popup = await openFieldsidePage(browser, options, '/popup.html', '#job-search');
  // The first sync's end makes the popup read the cache again; a number then finds its customer.
  await popup.waitForSelector('#results[data-answered=""] [role="option"]', { timeout: 60_000 });
  await popup.click('#job-search');
  await popup.keyboard.type(typed, { delay: 10 });
  await popup.waitForSelector(`#results[data-answered="${typed}"]`, { timeout: 15_000 });
  return popup;
}

/** Types the job's address and description, presses "Create job", and waits for the form to say it is saved. */
async function fillAndCreate(form: Page, address: string, description: string): Promise<void> {
  await typeInto(form, '#job-address', address);
  await typeInto(form, '#job-description', description);
  await form.click('#create-job');
  await form.waitForSelector('#job-saved', { timeout: 15_000 });
  await expect.poll(() => jobsWith(stack, description), { timeout: 30_000 }).toHaveLength(1);
}

it('a caller no customer has: one consent page allows creating jobs and adding customers, and the customer, their contact and the job are made', async () => {
  const { browser } = firefox;
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  // A number of the range kept for fiction (ACMA): no seeded contact has it.
  const number = '+61491570113';
  const popup = await popupWith(number);
  expect(await popup.$$('#results [data-customer]')).toHaveLength(0);
  await popup.click('#new-job');
  const form = await findPage(browser, '#job-description');
  await form.waitForSelector('#allow-create-jobs');
  expect(await form.$eval('input[name="customer"][value="new"]', (i) => (i as HTMLInputElement).checked)).toBe(true);
  expect(await form.$eval('#new-customer-phone', (i) => (i as HTMLInputElement).value)).toBe(number);
  // Neither is allowed yet: one button, one consent page, for both.
  expect(await form.$eval('#allow-create-jobs', (b) => b.textContent)).toBe('Allow creating jobs and adding customers');
  expect(await form.$eval('#create-jobs-permission', (n) => n.textContent ?? '')).toMatch(/may cost the account/);
  await allowConsentFirefox(browser, stack, office.uuid, () => form.click('#allow-create-jobs'));
  await form.waitForSelector('#create-cost', { timeout: 20_000 });
  // No second consent page is needed for the customer: nothing more is asked, and "Create job" waits only for the
  // description.
  expect(await form.$('#allow-create-jobs')).toBeNull();
  expect(await form.$$eval('button', (bs) => bs.map((b) => b.textContent))).not.toContain('Allow adding customers');

  const name = 'Paperbark Childcare';
  await typeInto(form, '#new-customer-name', name);
  const description = 'Firefox, new caller: hot water system leaking in the staff kitchen';
  await fillAndCreate(form, '14 Banksia Street, Newtown NSW 2042', description);
  const company = (await control.listRecords(account, 'company')).find((c) => c.name === name)!;
  expect((await jobsWith(stack, description))[0]).toMatchObject({ company_uuid: company.uuid, status: 'Quote' });
  const contacts = (await control.listRecords(account, 'companycontact')).filter(
    (c) => c.company_uuid === company.uuid,
  );
  expect(contacts).toEqual([expect.objectContaining({ mobile: '0491 570 113', active: 1 })]);
  await form.close();
});

it('a caller who is a customer: their number finds them, the form asks for nothing more, and the job is theirs', async () => {
  const { browser } = firefox;
  const popup = await popupWith(TYPED);
  await popup.waitForSelector('#results [data-customer]');
  expect(await popup.$eval('#results [data-customer]', (li) => li.textContent ?? '')).toContain(company.name);
  await popup.click('#new-job');
  const form: Page = await findPage(browser, '#job-description');
  expect(
    await form.$eval(`input[name="customer"][value="${company.uuid}"]`, (i) => (i as HTMLInputElement).checked),
  ).toBe(true);
  await form.waitForSelector('#create-cost');
  expect(await form.$('#allow-create-jobs')).toBeNull();

  const address = '3 Kestrel Road, Carlton VIC 3053';
  const description = 'Firefox: blocked stormwater drain flooding the back courtyard';
  await fillAndCreate(form, address, description);
  expect((await jobsWith(stack, description))[0]).toMatchObject({
    company_uuid: company.uuid,
    job_address: address,
    status: 'Quote',
  });
});
