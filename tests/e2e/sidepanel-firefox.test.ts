// The side panel as Firefox's sidebar page: a technician's day (scheduled visits, time on site, the
// on-site contact, the jobs allocated without a time), in Firefox ESR with the built extension. (Firefox refuses test navigation to moz-extension:// URLs, so the options page, an
// extension page, opens the sidebar page in a tab.)
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { todaysActivities } from './support/sidepanel-page';
import { arrangeToday, todaysAllocatedJobs } from './support/day-data';
import { startStack, type Stack } from './support/stack';

let stack: Stack;
let firefox: FirefoxWithExtension;
beforeAll(async () => {
  stack = await startStack({ jobs: 300 });
  firefox = await launchFirefox();
}, 120_000);
afterAll(async () => {
  await firefox?.close();
  await stack?.close();
});

/** Sends one protocol message from an extension page, as the UI does. */
function send(page: Page, type: string, payload: unknown = {}): Promise<{ ok: boolean; value?: any; error?: { message: string } }> {
  return page.evaluate(
    (t, p) => (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<any> } } }).browser.runtime.sendMessage({ fieldside: 1, type: t, payload: p }),
    type,
    payload,
  );
}

/** Runs `start` and allows the consent page it opens, as the technician. */
async function allowConsent(browser: Browser, start: () => Promise<unknown>): Promise<unknown> {
  const target = browser.waitForTarget((t) => t.url().includes('/oauth/authorize'), { timeout: 20_000 });
  const done = start();
  const consent = await (await target).page();
  if (!consent) throw new Error('No consent page');
  await consent.waitForSelector('#person');
  await consent.select('#person', `${stack.account.uuid}:${stack.technician.uuid}`);
  await consent.click('#allow');
  return done;
}

async function findPage(browser: Browser, selector: string): Promise<Page> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const page of await browser.pages()) if (await page.$(selector).catch(() => null)) return page;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No page shows ${selector}`);
}

it("shows the technician's day in the sidebar page, as the emulator's scheduled visits and allocated jobs of today", async () => {
  const { browser, options } = firefox;
  expect((await send(options, 'settings.setConnection', { restUrl: stack.emulator.info.base_url, authUrl: stack.emulator.info.auth_url, webUrl: stack.emulator.info.web_url, jobLinkPath: '/job/{uuid}', companionUrl: stack.companion.url })).ok).toBe(true);
  await allowConsent(browser, () => options.click('#sign-in'));
  await options.waitForSelector('#session-state[data-state="signed_in"]', { timeout: 20_000 });
  expect((await send(options, 'session.chooseMe', { staffUuid: stack.technician.uuid })).ok).toBe(true);

  const { date, activities } = await todaysActivities(stack, stack.technician.uuid);
  expect(activities.length).toBeGreaterThan(0);
  const visitJobs = activities.map((a) => String(a.job_uuid));
  const arranged = await arrangeToday(stack, date, visitJobs);
  const allocated = await todaysAllocatedJobs(stack, date, visitJobs);
  expect(allocated.length).toBeGreaterThan(0);

  await options.evaluate(() => {
    const ext = (globalThis as unknown as { browser: { tabs: { create(o: { url: string }): Promise<unknown> }; runtime: { getURL(p: string): string } } }).browser;
    void ext.tabs.create({ url: ext.runtime.getURL('/sidepanel.html') });
  });
  // The panel may first show the day as read before the office's changes above (kept from the
  // toolbar count's read), then the fresh one: wait for the recorded time on site, which only the
  // fresh read has.
  const panel = await findPage(browser, `li.visit[data-job-uuid="${arranged.recordedJob}"] [data-field="on-site"]`);
  const shown = await panel.$$eval('li.visit', (els) => els.map((e) => [e.getAttribute('data-activity-uuid'), e.getAttribute('data-job-uuid')]));
  expect(shown).toEqual(activities.map((a) => [a.uuid, a.job_uuid]));
  const onSite = await panel.$eval(`li.visit[data-job-uuid="${arranged.recordedJob}"] [data-field="on-site"]`, (e) => e.textContent);
  expect(onSite).toContain(`On site ${arranged.onSite[0]}–${arranged.onSite[1]}`);
  const contact = await panel.$eval(`li.visit[data-job-uuid="${arranged.contactJob}"] .contact`, (e) => [e.getAttribute('data-contact-role'), e.textContent]);
  expect(contact[0]).toBe('site');
  expect(contact[1]).toContain(`Site contact: ${arranged.contact.name}`);
  expect(await panel.$eval('#other-jobs-title', (e) => e.textContent)).toBe('Also yours today');
  const others = await panel.$$eval('li.other-job', (els) => els.map((e) => e.getAttribute('data-job-uuid')));
  expect(others).toEqual(expect.arrayContaining(allocated));
  const hrefs = await panel.$$eval('a[href]', (els) => els.map((e) => e.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(/^(https:|tel:)/);
}, 120_000);
