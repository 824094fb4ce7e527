// The side panel as Firefox's sidebar page, in Firefox ESR with the built extension: a technician's
// day (scheduled visits, time on site, the on-site contact, the jobs allocated without a time), and
// an office change to a job it shows arriving without a reload (the platform's webhook, the
// companion's feed, the background's re-read). Firefox refuses test navigation to moz-extension://
// addresses, so the options page opens the sidebar page in a tab (support/firefox-pages.ts).
import { expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { openFieldsidePage, signInFirefoxAs } from './support/firefox-pages';
import type { todaysActivities } from './support/sidepanel-page';
import { arrangeTechniciansDay, onSiteAsShown, type ArrangedDay } from './support/day-data';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let firefox: FirefoxWithExtension;
let today: Awaited<ReturnType<typeof todaysActivities>>;
let arranged: ArrangedDay;
let allocated: string[];
let panel: Page;
setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  // The office has arranged the day before the technician starts it, and an administrator has activated
  // Fieldside for the account (its changes reach the companion signed; live updates reach the technician).
  ({ today, arranged, allocated } = await arrangeTechniciansDay(stack));
  await stack.activate();
  firefox = own(await launchFirefox());
  await signInFirefoxAs(firefox, stack, stack.technician);
}, 120_000);

it("shows the technician's day in the sidebar page, as the emulator's scheduled visits and allocated jobs of today", async () => {
  expect(today.activities.length).toBeGreaterThan(0);
  expect(allocated.length).toBeGreaterThan(0);
  panel = await openFieldsidePage(
    firefox.browser,
    firefox.options,
    '/sidepanel.html',
    `li.visit[data-job-uuid="${arranged.recordedJob}"] [data-field="on-site"]`,
  );
  const shown = await panel.$$eval('li.visit', (els) =>
    els.map((e) => [e.getAttribute('data-activity-uuid'), e.getAttribute('data-job-uuid')]),
  );
  expect(shown).toEqual(today.activities.map((a) => [a.uuid, a.job_uuid]));
  const onSite = await panel.$eval(
    `li.visit[data-job-uuid="${arranged.recordedJob}"] [data-field="on-site"]`,
    (e) => e.textContent,
  );
  const locale = await panel.evaluate(() => navigator.language);
  expect(onSite?.replace(/[\u202f\u2009\u00a0]/g, ' ')).toContain(
    `On site ${onSiteAsShown(arranged, today.date, locale)}`,
  );
  const contact = await panel.$eval(`li.visit[data-job-uuid="${arranged.contactJob}"] .contact`, (e) => [
    e.getAttribute('data-contact-role'),
    e.textContent,
  ]);
  expect(contact[0]).toBe('site');
  expect(contact[1]).toContain(`Site contact: ${arranged.contact.name}`);
  expect(await panel.$eval('#other-jobs-title', (e) => e.textContent)).toBe('Also yours today');
  const others = await panel.$$eval('li.other-job', (els) => els.map((e) => e.getAttribute('data-job-uuid')));
  expect(others).toEqual(expect.arrayContaining(allocated));
  const hrefs = await panel.$$eval('a[href]', (els) => els.map((e) => e.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(/^(https:|tel:|mailto:)/);
});

it('shows an office status change to the job open in the sidebar, with no reload', async () => {
  const jobUuid = arranged.recordedJob;
  await panel.click(`li.visit[data-job-uuid="${jobUuid}"] .job-open`);
  await panel.waitForSelector(`article#job[data-job-uuid="${jobUuid}"] [data-field="status"]`, { timeout: 20_000 });
  const status = () => panel.$eval('article#job [data-field="status"]', (e) => e.textContent);
  const before = await status();
  const next = before === 'Completed' ? 'Work Order' : 'Completed';
  // A mark in the page: a reload would lose it.
  await panel.evaluate(() => Object.assign(window, { beforeTheChange: true }));
  await stack.emulator.control.updateRecord(stack.account.uuid, 'job', jobUuid, { status: next });
  await expect.poll(status, { timeout: 15_000 }).toBe(next);
  expect(await panel.evaluate(() => 'beforeTheChange' in window)).toBe(true);
});
