import type { BrowserContext, Page } from 'playwright-core';
import type { ExtensionBrowser } from '../e2e/support/chromium';
import type { Stack } from '../e2e/support/stack';
import { serveWebmail } from '../e2e/support/webmail';
import { shoot, type Frame } from './shoot';

// The office's inbox: the card above an e-mail on the local Gmail-like and Outlook-like pages (a site turned on),
// and the new-job form it opens (as the signed-in person sees it: creating jobs not yet allowed, and "Deny" chosen on
// the platform's page), then another customer found in it, the customer's addresses offered once allowed, the job
// refused by the platform once, then made.

declare const chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };

const MAIL_FRAME: Frame = { width: 1100, height: 520 };
const FORM_FRAME: Frame = { width: 480, height: 720, fitContent: 1400 };

export async function officeShots(browser: ExtensionBrowser, stack: Stack, options: Page, jobUuid: string) {
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  const job = (await control.listRecords(account, 'job')).find((j) => j.uuid === jobUuid)!;
  const contact = (await control.listRecords(account, 'companycontact')).find(
    (c) => c.company_uuid === job.company_uuid,
  )!;
  const other = (await control.listRecords(account, 'company')).find(
    (c) => Number(c.active) === 1 && c.uuid !== job.company_uuid,
  )!;
  const email = String(contact.email);
  const name = `${String(contact.first)} ${String(contact.last)}`;
  const webmail = await serveWebmail({
    name,
    email,
    subject: 'Hot water again',
    body: `Hi,\n\nThe hot water has gone lukewarm again since the weekend. Could someone come out on Thursday?\nThe address is 14 Quillfeather Lane, Brunswick VIC 3056. Best number: 0491 570 156.\n\nThanks,\n${name}`,
  });
  try {
    await options.evaluate(() => chrome.storage.local.set({ contentSites: ['http://127.0.0.1/*'] }));
    const gmail = await openMail(browser.context, webmail.url('gmail'));
    await shoot(gmail, 'webmail-gmail-card', MAIL_FRAME);
    const outlook = await openMail(browser.context, webmail.url('outlook'));
    await shoot(outlook, 'webmail-outlook-card', MAIL_FRAME);
    await outlook.close();

    await gmail.bringToFront();
    const opened = browser.context.waitForEvent('page');
    await clickInCard(browser.context, gmail, 'button.sender-new-job');
    const form = await opened;
    await form.setViewportSize({ width: FORM_FRAME.width, height: FORM_FRAME.height });
    await form.locator('#create-job').waitFor();
    await shoot(form, 'new-job-form', FORM_FRAME);
    // "Deny" on the platform's page: said beside "Allow creating jobs" (the consent page knows who is signed in).
    const consent = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await form.locator('#allow-create-jobs').click();
    await (await consent).locator('#deny').click();
    await form.locator('#allow-problem-newJobs').waitFor({ timeout: 20_000 });
    await shoot(form, 'new-job-allow-denied', FORM_FRAME);
    // "Find a customer": the first word of a customer's name finds them and any other it starts.
    const word = String(other.name).split(/\s+/)[0]!;
    await form.getByLabel('Find a customer').pressSequentially(word, { delay: 10 });
    await form.locator('#find-customer-state', { hasText: 'found' }).waitFor();
    await shoot(form, 'new-job-find-customer', FORM_FRAME);
    // Allowed after all; the sender's customer chosen again: the address found in the e-mail, and their own.
    await form.getByLabel('Find a customer').fill('');
    const allowed = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await form.locator('#allow-create-jobs').click();
    await (await allowed).locator('#allow').click();
    await form.locator('#create-cost').waitFor({ timeout: 20_000 });
    await form.locator(`input[name="customer"][value="${String(job.company_uuid)}"]`).check();
    await form.locator('#customer-addresses-label').waitFor();
    await shoot(form, 'new-job-addresses', FORM_FRAME);
    // "New customer": the sender's address waits in their contact's fields.
    await form.getByRole('radio', { name: 'New customer' }).check();
    await form.getByLabel('Their e-mail').waitFor();
    await shoot(form, 'new-job-new-customer', FORM_FRAME);
    await form.locator(`input[name="customer"][value="${String(job.company_uuid)}"]`).check();
    // Created. The person signed in here is a technician: the platform does not show them a job they made, so the
    // form says it is made and that Fieldside cannot open it (the office sees its number and "Open" buttons instead:
    // new-job-popup.test.ts holds them).
    // The platform refuses it once: its words, what to do, "Try again".
    await control.injectFault({
      kind: 'status',
      status: 400,
      count: 1,
      method: 'POST',
      pathPrefix: '/api_1.0/job.json',
    });
    try {
      await form.locator('#create-job').click();
      await form.locator('#job-refused').waitFor({ timeout: 30_000 });
      await shoot(form, 'new-job-refused', FORM_FRAME);
    } finally {
      await control.clearFaults();
    }
    await form.getByRole('button', { name: 'Try again' }).click();
    await form.locator('#job-progress', { hasText: 'does not show it to you' }).waitFor({ timeout: 40_000 });
    await shoot(form, 'new-job-made-unseen', FORM_FRAME);
    await form.close();
    await gmail.close();
  } finally {
    await webmail.close();
    await options.evaluate(() => chrome.storage.local.set({ contentSites: [] }));
  }
}

/** Opens a webmail page and waits until Fieldside's card above the e-mail shows the customer (or says none). */
async function openMail(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: MAIL_FRAME.width, height: MAIL_FRAME.height });
  for (let tries = 0; tries < 100; tries++) {
    await page.goto(url);
    try {
      await page.waitForFunction(
        () => {
          const host = document.querySelector('fieldside-card');
          return !!host && host.getBoundingClientRect().height > 40;
        },
        undefined,
        { timeout: 5_000 },
      );
      return page;
    } catch {
      // The sites script is registered a moment after the site is turned on: load again.
    }
  }
  throw new Error(`no card on ${url}`);
}

/** A person's click on an element of the card (found from Fieldside's world, where the closed root is open). */
async function clickInCard(context: BrowserContext, page: Page, selector: string): Promise<void> {
  const { closedBadges } = await import('../e2e/support/closed-badges');
  await (await closedBadges(context, page)).click({ css: 'fieldside-card' }, selector);
}
