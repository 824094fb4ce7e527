// A new job from the quick-search popup, in real Chromium with the built extension against the emulator, by keys and
// clicks as the office makes one while a caller is on the line: the caller's number typed in another format than the
// platform stores it finds their customer; "+ New job" opens the small form with that customer chosen, their address
// filled in and their jobs' sites offered (the number is not the description); creating jobs is asked where it is
// first needed ("Allow creating jobs", with the platform's word that it may cost the account) and allowed on the
// platform's consent page; the job reaches the platform with the customer, address and description, and the form
// says its number (for the caller) and opens it in the web app. Then one made with the network cut: saved at once,
// saying why it waits, sent once the network is back, exactly one job, its number said. And one the platform refuses:
// its words in the form, "Try again" or "Change the job". A customer whose jobs are open in the search is the new job's
// customer; the form's "Find a customer" finds any other by a part of its name; "Open in the side panel" opens it in
// the person's window. And a caller no customer has: a new customer, with their number as its contact, whom the
// number then finds at once.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stopServiceWorker } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { chooseMe, connect, signInThroughConsent } from './support/options-page';
import { outboxCount } from './support/outbox';
import { openQuickSearch, search } from './support/popup-page';
import { arrangeCaller, jobsWith, TYPED } from './support/new-job';
import { signInToWebApp } from './support/content-page';
import { allowOnConsentPage } from './support/grant-feature';
import { axeProblemsInBothSchemes } from './support/axe';
import { oneLine } from '../../lib/new-job/addresses';
import { startStack, type Stack } from './support/stack';
import { cacheOf, waitForSynced } from './support/sync';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let office: { uuid: string; name: string };
let company: { uuid: string; name: string };
/** The caller's customer's address, and a site of one of their jobs, on one line as the form writes them. */
let companyAddress: string;
let siteAddress: string;
/** Another customer of the account, with a name no other has. */
let other: { uuid: string; name: string };
const OTHER_NAME = 'Wattlebird Joinery';

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  ({ office, company } = await arrangeCaller(stack));
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  companyAddress = oneLine(
    String((await control.listRecords(account, 'company')).find((c) => c.uuid === company.uuid)!.address),
  );
  // One of the customer's jobs is at another door (a tenant's): offered as one of their sites.
  siteAddress = '41 Lyrebird Parade, Bondi NSW 2026';
  const theirs = (await control.listRecords(account, 'job')).find(
    (j) => j.company_uuid === company.uuid && Number(j.active) === 1,
  )!;
  await control.updateRecord(account, 'job', String(theirs.uuid), { job_address: siteAddress });
  const record = (await control.listRecords(stack.account.uuid, 'company')).find(
    (c) => Number(c.active) === 1 && c.uuid !== company.uuid,
  )!;
  other = { uuid: String(record.uuid), name: OTHER_NAME };
  await control.updateRecord(stack.account.uuid, 'company', other.uuid, { name: OTHER_NAME });

  browser = own(await launchChromium());
  options = await browser.openOptions();
  await connect(options, stack);
  await signInThroughConsent(browser.context, options, stack.account.uuid, office.uuid);
  await chooseMe(options, office);
  await waitForSynced(options, cacheOf(stack, office.uuid));
});

/** The popup, the caller's number typed, their customer shown; "+ New job" clicked: the form's window. */
async function newJobFromPopup(): Promise<Page> {
  const popup = await openQuickSearch(browser);
  await search(popup, TYPED);
  await popup.locator('#results [data-customer]').first().waitFor({ timeout: 15_000 });
  expect(await popup.locator('#results [data-customer]').first().textContent()).toContain(company.name);
  const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/new-job.html') });
  await popup.getByRole('button', { name: '+ New job' }).click();
  const form = await opened;
  await form.locator('#job-description').waitFor();
  if (!popup.isClosed()) await popup.close();
  return form;
}

/** Types the job's address and description as a person does, and presses "Create job". */
async function fillAndCreate(form: Page, address: string, description: string): Promise<void> {
  await form.getByLabel('Address').fill('');
  await form.getByLabel('Address').pressSequentially(address, { delay: 5 });
  await form.getByLabel('Description').fill('');
  await form.getByLabel('Description').pressSequentially(description, { delay: 2 });
  await form.getByRole('button', { name: 'Create job' }).click();
  await form.locator('#job-saved').waitFor();
}

/** The form says the job's number once the platform has it: the number the platform gave the job. */
async function numberSaid(form: Page, description: string): Promise<string> {
  const said = form.locator('#job-saved', { hasText: /Job \d+ is on the platform\./ });
  await said.waitFor({ timeout: 30_000 });
  const [job] = await jobsWith(stack, description);
  expect(await said.textContent()).toContain(`Job ${String(job!.generated_job_id)} is on the platform.`);
  return String(job!.uuid);
}

describe('a new job from the popup', () => {
  it('asks to create jobs where first needed, and makes the job with the caller’s customer, the address and description', async () => {
    const form = await newJobFromPopup();
    // The customer found by the number typed in the popup is chosen, their address filled in, their jobs' sites
    // offered; the number found them: it is not what the job is.
    expect(await form.getByRole('radio', { name: new RegExp(company.name) }).isChecked()).toBe(true);
    expect(await form.getByLabel('Description').inputValue()).toBe('');
    expect(await form.getByLabel('Address').inputValue()).toBe(companyAddress);
    const offers = form.locator('.found button[aria-describedby="customer-addresses-label"]');
    expect(await offers.allTextContents()).toContain(siteAddress);
    expect(await form.locator('#customer-addresses-label').textContent()).toBe(`${company.name}’s addresses:`);
    await offers.filter({ hasText: siteAddress }).click();
    expect(await form.getByLabel('Address').inputValue()).toBe(siteAddress);
    expect(await offers.filter({ hasText: siteAddress }).getAttribute('aria-pressed')).toBe('true');
    // Signing in did not ask to create jobs: the form asks, with the platform's word on what it may cost.
    const allow = form.getByRole('button', { name: 'Allow creating jobs' });
    expect(await form.locator('#create-jobs-permission').textContent()).toMatch(/may cost the account/);
    expect(await form.getByRole('button', { name: 'Create job' }).isDisabled()).toBe(true);
    // The browser stops a worker idle for half a minute, as it will while a person fills the form in with a caller
    // on the line: the form's draft outlives it, and the form reads it again once the consent page is done.
    await stopServiceWorker(browser.context, form);
    // The platform's consent page names what is asked, with its own word on the cost; the person allows it.
    const shown = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await allow.click();
    const consent = await shown;
    await consent.locator('#allow').waitFor();
    expect(await consent.locator('body').textContent()).toMatch(/account charges may apply/i);
    await consent.locator('#person').selectOption(`${stack.account.uuid}:${office.uuid}`);
    await consent.locator('#allow').click();
    await form.locator('#create-cost').waitFor({ timeout: 20_000 });
    expect(await allow.count()).toBe(0);

    const address = '3 Kestrel Road, Carlton VIC 3053';
    const description = 'Caller reports a blocked stormwater drain flooding the back courtyard';
    await fillAndCreate(form, address, description);
    await expect.poll(() => jobsWith(stack, description), { timeout: 30_000 }).toHaveLength(1);
    expect((await jobsWith(stack, description))[0]).toMatchObject({
      company_uuid: company.uuid,
      job_address: address,
      status: 'Quote',
      active: 1,
    });
    // The number, for the caller still on the line; then the job in the web app, where the office schedules it.
    const uuid = await numberSaid(form, description);
    expect(await axeProblemsInBothSchemes(form)).toEqual([]);
    await signInToWebApp(await browser.context.newPage(), stack, office.uuid);
    const jobUrl = `${stack.emulator.info.web_url}/job/${uuid}`;
    const tab = browser.context.waitForEvent('page', { predicate: (p) => p.url() === jobUrl });
    await form.getByRole('button', { name: 'Open in the web app' }).click();
    const opened = await tab;
    await opened.locator(`.x-window[data-job-uuid="${uuid}"] .x-window-header-text`).waitFor();
    await opened.close();
    await form.close();
  });

  it('a customer opened in the search is the form’s customer; "Find a customer" finds any other by its name', async () => {
    const popup = await openQuickSearch(browser);
    await search(popup, TYPED);
    const row = popup.locator('#results [data-customer]').first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await popup.locator('.customer-back').waitFor();
    const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/new-job.html') });
    await popup.getByRole('button', { name: '+ New job' }).click();
    const form = await opened;
    await form.locator('#job-description').waitFor();
    if (!popup.isClosed()) await popup.close();
    const chosen = form.getByRole('radio', { name: new RegExp(company.name) });
    expect(await chosen.isChecked()).toBe(true);
    expect(await form.locator('label.choice', { has: chosen }).textContent()).toContain('Open in the search');
    // What was typed found the customer: it is not what the job is.
    expect(await form.getByLabel('Description').inputValue()).toBe('');

    await form.getByLabel('Find a customer').pressSequentially('wattleb', { delay: 10 });
    const found = form.getByRole('radio', { name: new RegExp(OTHER_NAME) });
    await found.waitFor();
    expect(await form.locator('#find-customer-state').textContent()).toBe('One customer found: choose below.');
    await found.click();
    // The search moves on: the customer picked stays offered and chosen.
    await form.getByLabel('Find a customer').fill('zzqx');
    await form.locator('#find-customer-state', { hasText: 'No customer found for “zzqx”.' }).waitFor();
    expect(await found.isChecked()).toBe(true);
    expect(await chosen.isChecked()).toBe(false);

    const description = 'Back door swollen after the rain, sticks in its frame';
    await fillAndCreate(form, '12 Banksia Street, Northcote VIC 3070', description);
    await expect.poll(() => jobsWith(stack, description), { timeout: 30_000 }).toHaveLength(1);
    expect((await jobsWith(stack, description))[0]).toMatchObject({ company_uuid: other.uuid });

    // "Open in the side panel": the form's own small window has none; the panel opens in the browser window the
    // person was in, on the new job, and the form, its work done, closes.
    const uuid = await numberSaid(form, description);
    // The browser says in which window a side panel opens (sidePanel.onOpened, Chrome 141 on).
    const personWindow = await options.evaluate(async () => {
      const chrome = (globalThis as any).chrome;
      const opened: number[] = ((globalThis as any).panelsOpened = []);
      chrome.sidePanel.onOpened.addListener((info: { windowId: number }) => opened.push(info.windowId));
      return (await chrome.windows.getCurrent()).id as number;
    });
    const formWindow = await form.evaluate(async () => (await (globalThis as any).chrome.windows.getCurrent()).id);
    expect(formWindow).not.toBe(personWindow);
    const closed = form.waitForEvent('close');
    await form.getByRole('button', { name: 'Open in the side panel' }).click();
    await closed;
    await expect.poll(() => options.evaluate(() => (globalThis as any).panelsOpened)).toEqual([personWindow]);
    // The real side panel is no page Playwright drives: its page, in a tab, is the same document, on the job.
    const panel = await browser.context.newPage();
    await panel.goto(`chrome-extension://${browser.id}/sidepanel.html`);
    await panel
      .locator('#job-title', { hasText: String((await jobsWith(stack, description))[0]!.generated_job_id) })
      .waitFor({ timeout: 15_000 });
    expect(await panel.evaluate(() => (globalThis as any).chrome.storage.session.get('sidePanelJob'))).toEqual({
      sidePanelJob: uuid,
    });
    // The office is not on the job it just made: its visit's steps are a press away, not a prompt.
    const visit = panel.locator('#visit');
    expect(await visit.textContent()).toContain('You are not on this job');
    expect(await panel.locator('#visits-allow').count()).toBe(0);
    expect(await axeProblemsInBothSchemes(panel)).toEqual([]);
    await panel.getByRole('button', { name: 'Record a visit of mine here' }).press('Enter');
    await panel.locator('#visits-allow').waitFor();
    // By keys, focus follows to what comes next (allowing visits), not back to the top of the page.
    await expect.poll(() => panel.locator('#visits-allow button:focus').count()).toBe(1);
    await panel.close();
  });

  it('made while the network is cut: kept, and exactly one job once it is back', async () => {
    const outboxDb = `fieldside-outbox-${stack.account.uuid}-${office.uuid}`;
    const description = 'Offline: hot water system leaking from the relief valve';
    const form = await newJobFromPopup();
    await browser.context.setOffline(true);
    try {
      await fillAndCreate(form, '9 Wren Street, Fitzroy VIC 3065', description);
      // The form says why it waits: the try it made did not reach the platform (it tries again by itself).
      await form
        .locator('#job-progress', { hasText: /^Not sent yet\. No connection to the platform; .+ once back online\.$/ })
        .waitFor({ timeout: 15_000 });
      // Kept in the outbox, nothing on the platform while there is no network.
      await expect.poll(() => outboxCount(options, outboxDb)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await jobsWith(stack, description)).toHaveLength(0);
      expect(await outboxCount(options, outboxDb)).toBe(1);
    } finally {
      await browser.context.setOffline(false);
    }
    await expect.poll(() => outboxCount(options, outboxDb), { timeout: 60_000 }).toBe(0);
    const jobs = await jobsWith(stack, description);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ company_uuid: company.uuid, job_address: '9 Wren Street, Fitzroy VIC 3065' });
    // The form followed it while offline and says its number now.
    await numberSaid(form, description);
    await form.close();
  });

  it('refused by the platform: said in its words with what to do; "Try again", or "Change the job" and create it again', async () => {
    const { control } = stack.emulator;
    const refuseNext = (count: number) =>
      control.injectFault({ kind: 'status', status: 400, count, method: 'POST', pathPrefix: '/api_1.0/job.json' });
    const refused = (form: Page) => form.locator('#job-refused');

    // Refused, then "Try again": made, once.
    const description = 'Refused once: outdoor power point sparking';
    const form = await newJobFromPopup();
    await refuseNext(1);
    try {
      await fillAndCreate(form, '5 Currawong Close, Balmain NSW 2041', description);
      await refused(form).waitFor({ timeout: 30_000 });
      // In words, with what to do; the request Fieldside sent only behind "Details for support".
      const said = await refused(form).innerText();
      expect(said).toMatch(/^The platform did not take the job\. The platform refused this new job\./);
      expect(said).toMatch(/Copy the job’s description if you need it elsewhere/);
      expect(said).not.toMatch(/\bPOST\b|\/api_|\b400\b/);
      await refused(form).getByText('Details for support').click();
      expect(await refused(form).locator('.support-details').innerText()).toContain('POST /api_1.0/job.json: 400');
      expect(await jobsWith(stack, description)).toHaveLength(0);
    } finally {
      await control.clearFaults();
    }
    await form.getByRole('button', { name: 'Try again' }).click();
    await numberSaid(form, description);
    expect(await jobsWith(stack, description)).toHaveLength(1);
    expect(await refused(form).count()).toBe(0);
    await form.close();

    // Refused, then "Change the job": the form is back as it was filled in; corrected, it is made, and the refused
    // one never is.
    const first = 'Refused: gutter overflowing';
    const corrected = 'Gutter overflowing onto the side path, downpipe blocked';
    const again = await newJobFromPopup();
    await refuseNext(1);
    try {
      await fillAndCreate(again, '8 Gang-gang Way, Lane Cove NSW 2066', first);
      await refused(again).waitFor({ timeout: 30_000 });
    } finally {
      await control.clearFaults();
    }
    await again.getByRole('button', { name: 'Change the job' }).click();
    expect(await again.getByLabel('Description').inputValue()).toBe(first);
    expect(await again.getByLabel('Address').inputValue()).toBe('8 Gang-gang Way, Lane Cove NSW 2066');
    await fillAndCreate(again, '8 Gang-gang Way, Lane Cove NSW 2066', corrected);
    await numberSaid(again, corrected);
    expect(await jobsWith(stack, first)).toHaveLength(0);
    expect(await outboxCount(options, `fieldside-outbox-${stack.account.uuid}-${office.uuid}`)).toBe(0);
    await again.close();
  });

  it('a caller no customer has: a new customer with their number as its contact, and the job; their number then finds them', async () => {
    const { control } = stack.emulator;
    const account = stack.account.uuid;
    // A number of the range kept for fiction (ACMA): no seeded contact has it.
    const number = '+61491570110';
    const name = 'Harbourview Strata';
    const description = 'New caller: shared laundry drain backing up';
    const popup = await openQuickSearch(browser);
    await search(popup, number);
    expect(await popup.locator('#results [data-customer]').count()).toBe(0);
    const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/new-job.html') });
    await popup.getByRole('button', { name: '+ New job' }).click();
    const form = await opened;
    await form.locator('#job-description').waitFor();
    if (!popup.isClosed()) await popup.close();
    // The number is who calls, not what the job is: it waits in the new customer's phone.
    expect(await form.getByLabel('Description').inputValue()).toBe('');
    // Nobody has the number: someone new calls, and "New customer" is chosen at once, the number in their phone.
    expect(await form.getByRole('radio', { name: 'New customer' }).isChecked()).toBe(true);
    expect(await form.getByLabel('Their phone').inputValue()).toBe(number);
    await allowOnConsentPage(browser, stack, office.uuid, () =>
      form.getByRole('button', { name: 'Allow adding customers' }).click(),
    );
    await form.getByRole('button', { name: 'Allow adding customers' }).waitFor({ state: 'detached', timeout: 20_000 });
    await form.getByLabel('New customer’s name').pressSequentially(name, { delay: 5 });
    await form.getByLabel('Their e-mail').pressSequentially('strata@harbourview.example', { delay: 5 });
    await fillAndCreate(form, '2 Jetty Road, Kirribilli NSW 2061', description);
    await numberSaid(form, description);

    const company = (await control.listRecords(account, 'company')).find((c) => c.name === name)!;
    expect((await jobsWith(stack, description))[0]).toMatchObject({ company_uuid: company.uuid });
    const contacts = (await control.listRecords(account, 'companycontact')).filter(
      (c) => c.company_uuid === company.uuid,
    );
    // The mobile as the account writes numbers; the contact named as the customer (a caller gave no other name).
    expect(contacts).toEqual([
      expect.objectContaining({
        first: 'Harbourview',
        last: 'Strata',
        mobile: '0491 570 110',
        phone: '',
        email: 'strata@harbourview.example',
        active: 1,
      }),
    ]);
    await form.close();
    // They call again: their number finds them at once (read back with the job), not at the next hourly read.
    const next = await openQuickSearch(browser);
    await search(next, number);
    const found = next.locator('#results [data-customer]', { hasText: name });
    await found.waitFor({ timeout: 15_000 });
    expect(await next.locator('#results [data-customer]').count()).toBe(1);
    await next.close();
  });
});
