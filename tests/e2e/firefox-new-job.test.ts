// A new job from the quick-search popup in Firefox ESR with the built extension, by keys and clicks as the office
// makes one: the caller's number typed in another format than stored finds their customer, "+ New job" opens the
// small form in a window of its own with that customer chosen, "Allow creating jobs" (with the platform's word on
// what it may cost) is allowed on the consent page, and the job reaches the platform with the customer, address and
// description. Firefox refuses test navigation to moz-extension:// addresses, so the options page opens the popup
// page in a tab.
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

it('makes a new job from the popup: the caller’s customer, creating jobs allowed where first needed, the job on the platform', async () => {
  const { browser, options } = firefox;
  const popup = await openFieldsidePage(browser, options, '/popup.html', '#job-search');
  // The first sync's end makes the popup read the cache again; the caller's number then finds their customer.
  await popup.waitForSelector('#results[data-answered=""] [role="option"]', { timeout: 60_000 });
  await popup.click('#job-search');
  await popup.keyboard.type(TYPED, { delay: 10 });
  await popup.waitForSelector(`#results[data-answered="${TYPED}"] [data-customer]`, { timeout: 15_000 });
  expect(await popup.$eval('#results [data-customer]', (li) => li.textContent ?? '')).toContain(company.name);

  await popup.click('#new-job');
  const form: Page = await findPage(browser, '#job-description');
  await form.waitForSelector('#allow-create-jobs');
  expect(await form.$eval('#create-jobs-permission', (n) => n.textContent ?? '')).toMatch(/may cost the account/);
  expect(
    await form.$eval(`input[name="customer"][value="${company.uuid}"]`, (i) => (i as HTMLInputElement).checked),
  ).toBe(true);
  await allowConsentFirefox(browser, stack, office.uuid, () => form.click('#allow-create-jobs'));
  await form.waitForSelector('#create-cost', { timeout: 20_000 });

  const address = '3 Kestrel Road, Carlton VIC 3053';
  const description = 'Firefox: blocked stormwater drain flooding the back courtyard';
  await typeInto(form, '#job-address', address);
  await typeInto(form, '#job-description', description);
  await form.click('#create-job');
  await form.waitForSelector('#job-saved', { timeout: 15_000 });
  await expect.poll(() => jobsWith(stack, description), { timeout: 30_000 }).toHaveLength(1);
  expect((await jobsWith(stack, description))[0]).toMatchObject({
    company_uuid: company.uuid,
    job_address: address,
    status: 'Quote',
  });
});
