// The side panel in real Chromium against the emulator, as a technician: the day shows the emulator's
// scheduled visits with time on site and whom to call, and the jobs allocated without a time; a badge
// toggled and a note added reach the platform as that person; markup in job fields stays inert;
// axe-core finds nothing serious; it works by keyboard, light and dark.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { jobWindowUrl, signInToWebApp } from './support/content-page';
import { signInTechnicianForFieldWork } from './support/field-worker';
import { axeProblems, launchForSidePanel, openSidePanel, tabTo, type todaysActivities } from './support/sidepanel-page';
import { arrangeTechniciansDay, contactNumber, onSiteAsShown, type ArrangedDay } from './support/day-data';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';
import { noAlarmDueWithin, stopServiceWorker } from './support/background';

declare const chrome: { action: { getBadgeText(details: object): Promise<string> } };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let stack: Stack;
let browser: ExtensionBrowser;
let panel: Page;
let today: Awaited<ReturnType<typeof todaysActivities>>;
let arranged: ArrangedDay;
let allocated: string[];
setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  // The office has arranged the day before the technician starts (Fieldside keeps contacts it read
  // for a few minutes: a change made after the technician's first look would show only later).
  ({ today, arranged, allocated } = await arrangeTechniciansDay(stack));
  browser = own(await launchForSidePanel());
  await signInTechnicianForFieldWork(browser, stack);
  panel = await openSidePanel(browser);
}, 180_000);

const visits = (page: Page) => page.locator('li.visit');

/** Back to "My day" (from a job, if one is open), then into the job's detail. */
async function openJobFromDay(page: Page, jobUuid: string): Promise<void> {
  if (await page.locator('button.back').count()) await page.locator('button.back').click();
  await page.locator(`li.visit[data-job-uuid="${jobUuid}"] .job-open`).first().click();
  await page
    .locator(`article#job[data-job-uuid="${jobUuid}"]`)
    .waitFor({ timeout: 15_000 })
    .catch(async (error) => {
      throw new Error(`The job did not show: ${await page.locator('main').innerText()}`, { cause: error });
    });
}
const jobOf = (uuid: string) =>
  stack.emulator.control.listRecords(stack.account.uuid, 'job').then((all) => all.find((j) => j.uuid === uuid)!);

it("shows the technician's day as the emulator's scheduled visits of today, in time order", async () => {
  expect(today.activities.length).toBeGreaterThan(0);
  await visits(panel).first().waitFor();
  expect(await panel.locator('#day-date').inputValue()).toBe(today.date);
  const shown = await visits(panel).evaluateAll((els) =>
    els.map((e) => [e.getAttribute('data-activity-uuid'), e.getAttribute('data-job-uuid')]),
  );
  expect(shown).toEqual(today.activities.map((a) => [a.uuid, a.job_uuid]));
  const first = today.activities[0]!;
  const job = await jobOf(String(first.job_uuid));
  const row = visits(panel).first();
  expect(await row.locator('.job-open').textContent()).toBe(`Job ${job.generated_job_id}`);
  expect(await row.locator('[data-field="status"]').textContent()).toBe(job.status);
  const maps = await row.locator('a[data-field="address"]').getAttribute('href');
  expect(maps).toBe(
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(String(job.job_address).replace(/\s+/g, ' ').trim())}`,
  );
  for (const href of await panel
    .locator('a[data-field="phone"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href')))) {
    expect(href).toMatch(/^tel:\+?\d+$/);
  }

  // The toolbar badge counts today's jobs: visited and allocated (no writes are waiting).
  const jobsToday = new Set([...today.activities.map((a) => a.job_uuid), ...allocated]).size;
  await expect
    .poll(() => panel.evaluate(() => chrome.action.getBadgeText({})), { timeout: 15_000 })
    .toBe(String(jobsToday));

  // Another day is one step away, and back.
  await panel.getByRole('button', { name: 'Next day' }).click();
  await panel.waitForFunction((d) => (document.getElementById('day-date') as HTMLInputElement).value !== d, today.date);
  await panel.getByRole('button', { name: 'Today' }).click();
  await panel.waitForFunction((d) => (document.getElementById('day-date') as HTMLInputElement).value === d, today.date);
  await visits(panel).first().waitFor();
});

it('shows time recorded on site on its visit, never as a visit of its own', async () => {
  const visit = panel.locator(`li.visit[data-job-uuid="${arranged.recordedJob}"]`);
  await visit.first().waitFor();
  expect(await visit.count()).toBe(1);
  const locale = await panel.evaluate(() => navigator.language);
  expect(
    (await visit.locator('[data-field="on-site"]').textContent())?.replace(/[\u202f\u2009\u00a0]/g, ' '),
  ).toContain(onSiteAsShown(arranged, today.date, locale));
  expect(await visit.locator('[data-field="on-site"]').textContent()).toMatch(/^On site /);
});

it("shows the job's on-site contact to call, and the client's where the job has none", async () => {
  const contact = panel.locator(`li.visit[data-job-uuid="${arranged.contactJob}"] .contact`);
  expect(await contact.getAttribute('data-contact-role')).toBe('site');
  expect(await contact.textContent()).toContain(`Site contact: ${arranged.contact.name}`);
  // As the business's country writes it, dialled in international form, with a mobile's icon.
  const number = contactNumber(arranged);
  const phone = contact.locator('a[data-field="phone"]');
  expect(await phone.getAttribute('href')).toBe(number.tel);
  expect(await phone.getAttribute('data-kind')).toBe('mobile');
  expect(await phone.getAttribute('aria-label')).toBe(`Call ${arranged.contact.name} (mobile) on ${number.text}`);
  const roles = await panel
    .locator('li.visit .contact, li.other-job .contact')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-contact-role')));
  expect(roles.every((r) => r === 'site' || r === 'client')).toBe(true);

  await openJobFromDay(panel, arranged.contactJob);
  const first = panel.locator('#job ul.contacts li').first();
  expect(await first.getAttribute('data-contact-role')).toBe('site');
  expect(await first.textContent()).toContain(`Site contact: ${arranged.contact.name}`);
  await panel.locator('button.back').click();
  await visits(panel).first().waitFor();
});

it('lists the jobs given without a time in their own section, "Also yours today"', async () => {
  expect(allocated.length).toBeGreaterThan(0);
  const section = panel.getByRole('list', { name: 'Also yours today' });
  await section.waitFor();
  const listed = await section
    .locator('li.other-job')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-job-uuid')));
  expect(listed).toEqual(expect.arrayContaining(allocated));
  expect(listed.filter((u) => today.activities.some((a) => a.job_uuid === u))).toEqual([]);
  const item = section.locator(`li.other-job[data-job-uuid="${allocated[0]}"]`);
  expect(await item.locator('.time').textContent()).toBe('No set time');
  const job = await jobOf(allocated[0]!);
  expect(await item.locator('.job-open').textContent()).toBe(`Job ${job.generated_job_id}`);
  await item.locator('.job-open').click();
  await panel.locator(`article#job[data-job-uuid="${allocated[0]}"]`).waitFor({ timeout: 15_000 });
  await panel.locator('button.back').click();
  await visits(panel).first().waitFor();
});

it('toggles a badge from the side panel, and the emulator has it', async () => {
  const jobUuid = String(today.activities[0]!.job_uuid);
  await stack.emulator.control.updateRecord(stack.account.uuid, 'job', jobUuid, { badges: '[]' });
  await openJobFromDay(panel, jobUuid);
  const toggle = panel.locator('button.badge-toggle').first();
  await toggle.waitFor();
  expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  const badgeUuid = await toggle.getAttribute('data-badge-uuid');
  await toggle.click();
  await expect
    .poll(async () => String((await jobOf(jobUuid)).badges), { timeout: 20_000 })
    .toBe(JSON.stringify([badgeUuid]));
  await panel
    .locator(`button.badge-toggle[data-badge-uuid="${badgeUuid}"][aria-pressed="true"][data-pending="false"]`)
    .waitFor({ timeout: 20_000 });
});

it('adds a note that appears in the emulator as the technician’s, newest first in the panel', async () => {
  const jobUuid = String(today.activities[0]!.job_uuid);
  await openJobFromDay(panel, jobUuid);
  const text = `Arrived on site ${Date.now()}`;
  await panel.getByLabel('New note').fill(text);
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect
    .poll(
      async () => (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text),
      { timeout: 20_000 },
    )
    .toEqual([expect.objectContaining({ related_object_uuid: jobUuid, edit_by_staff_uuid: stack.technician.uuid })]);
  const shown = panel.locator('li.note').filter({ hasText: text });
  await shown.and(panel.locator('[data-state="sent"]')).waitFor({ timeout: 20_000 });
  expect(await panel.locator('li.note').first().textContent()).toContain(text);
});

it('shows markup and script in job fields as inert text', async () => {
  const jobUuid = String(today.activities[0]!.job_uuid);
  const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  await stack.emulator.control.updateRecord(stack.account.uuid, 'job', jobUuid, {
    job_description: evil,
    job_address: 'javascript:window.__pwned=3',
  });
  await openJobFromDay(panel, jobUuid);
  await panel
    .locator('[data-field="description"]')
    .filter({ hasText: '<img' })
    .waitFor({ timeout: 15_000 })
    .catch(async (error) => {
      throw new Error(`The job did not show: ${await panel.locator('main').innerText()}`, { cause: error });
    });
  expect(await panel.locator('[data-field="description"]').textContent()).toBe(evil);
  expect(await panel.locator('#job img, #job script').count()).toBe(0);
  const hrefs = await panel.locator('a[href]').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^(https?:|tel:|mailto:)/);
  const address = panel.locator('[data-field="address"] a');
  expect(await address.textContent()).toBe('javascript:window.__pwned=3');
  expect(await address.getAttribute('href')).toMatch(
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=javascript%3A/,
  );
  expect(await panel.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

it('has no serious or critical axe problems, in light and dark themes, on the day and a job', async () => {
  await openJobFromDay(panel, String(today.activities[0]!.job_uuid));
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    expect(await panel.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
    await panel.locator('article#job').waitFor();
    expect(await axeProblems(panel, axeSource)).toEqual([]);
    await panel.getByRole('button', { name: 'Back to my day' }).click();
    await visits(panel).first().waitFor();
    expect(await axeProblems(panel, axeSource)).toEqual([]);
    await panel.locator('.job-open').first().click();
  }
  // The themes really differ.
  await panel.emulateMedia({ colorScheme: 'light' });
  const light = await panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await panel.emulateMedia({ colorScheme: 'dark' });
  const dark = await panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(light).not.toBe(dark);
});

it('works by keyboard alone: open a job, add a note, go back', async () => {
  const page = await openSidePanel(browser);
  await visits(page).first().waitFor();
  await tabTo(page, 'li.visit .job-open');
  const jobUuid = await page.evaluate(() => document.activeElement?.closest('li.visit')?.getAttribute('data-job-uuid'));
  await page.keyboard.press('Enter');
  await page.locator(`article#job[data-job-uuid="${jobUuid}"]`).waitFor();
  await tabTo(page, '#note-text');
  const text = `Typed by keyboard ${Date.now()}`;
  await page.keyboard.type(text);
  await tabTo(page, '.add-note button[type="submit"]', 3);
  await page.keyboard.press('Enter');
  await page.locator('li.note').filter({ hasText: text }).waitFor();
  await expect
    .poll(
      async () => (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).some((n) => n.note === text),
      { timeout: 20_000 },
    )
    .toBe(true);
  await tabTo(page, 'button.back', 80, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await visits(page).first().waitFor();
  await page.close();
});

it('follows the page: a job window of the web app in the active tab opens that job in the side panel', async () => {
  const visible = await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid);
  const shown = await panel
    .locator('article#job')
    .getAttribute('data-job-uuid')
    .catch(() => null);
  const uuid = visible.find((u) => u !== shown)!;
  const tab = await browser.context.newPage();
  await signInToWebApp(tab, stack);
  await tab.goto(jobWindowUrl(stack, uuid));
  await panel.locator(`article#job[data-job-uuid="${uuid}"]`).waitFor({ timeout: 15_000 });
  // Another job in another tab, then back to the first tab: the panel follows the tab in front, without a reload.
  const second = visible.find((u) => u !== shown && u !== uuid)!;
  const other = await browser.context.newPage();
  await other.goto(jobWindowUrl(stack, second));
  await panel.locator(`article#job[data-job-uuid="${second}"]`).waitFor({ timeout: 15_000 });
  await tab.bringToFront();
  await panel
    .locator(`article#job[data-job-uuid="${uuid}"]`)
    .waitFor({ timeout: 15_000 })
    .catch((error) => {
      throw new Error('Brought back to front, the first job tab did not bring its job back to the side panel', {
        cause: error,
      });
    });
  await other.close();
  // Opened afresh while that page is in front, the side panel starts on its job too.
  const fresh = await browser.context.newPage();
  await fresh.goto(`chrome-extension://${browser.id}/sidepanel.html`);
  await tab.bringToFront();
  await fresh.reload();
  await fresh.locator(`article#job[data-job-uuid="${uuid}"]`).waitFor({ timeout: 15_000 });
  await fresh.close();
  await tab.close();
});

it('shows the kept day, "as of …", when the platform is down, says it is the platform, and reads the day again by itself once it answers', async () => {
  if (await panel.locator('button.back').count()) await panel.locator('button.back').click();
  await visits(panel).first().waitFor();
  await stack.emulator.control.injectFault({ kind: 'status', status: 503, rate: 1 });
  try {
    await panel.getByRole('button', { name: 'Today' }).click();
    await panel.locator('#day-offline').waitFor({ timeout: 45_000 });
    expect(await panel.locator('#day-offline').textContent()).toMatch(
      /^The platform is not answering just now — your day as of /,
    );
    const shown = await visits(panel).evaluateAll((els) => els.map((e) => e.getAttribute('data-activity-uuid')));
    expect(shown).toEqual(today.activities.map((a) => a.uuid));
  } finally {
    await stack.emulator.control.clearFaults();
  }
  // Nobody presses "Today": the panel reads the kept day again by itself (lib/side-panel/kept-retry.ts), after a
  // read that may still be in its retries and a jittered wait of 2.5 s or more (growing while reads still fail).
  await panel.locator('#day-offline').waitFor({ state: 'detached', timeout: 90_000 });
});

it('leaves a stopped worker stopped while the person switches and closes tabs: the open panel hears the switches, not the worker', async () => {
  // No page of Fieldside open (a live port would start the worker), no alarm due meanwhile.
  const tabs = [await browser.context.newPage(), await browser.context.newPage()];
  const closing = await browser.context.newPage();
  for (const page of browser.context.pages()) if (page.url().startsWith('chrome-extension://')) await page.close();
  const look = await browser.context.newPage();
  await look.goto(`chrome-extension://${browser.id}/options.html`);
  await noAlarmDueWithin(look, 30_000);
  await look.close();
  const worker = await stopServiceWorker(browser.context, tabs[0]!);
  const sinceStopped = () => worker.statuses.slice(worker.statuses.lastIndexOf('stopped') + 1);
  for (const tab of [...tabs, ...tabs]) {
    await tab.bringToFront();
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(sinceStopped(), 'tab switches started the stopped worker').toEqual([]);
  await closing.close();
  await new Promise((r) => setTimeout(r, 500));
  expect(sinceStopped(), 'a tab closing started the stopped worker').toEqual([]);
  // The control: opening the side panel does start it (its live port), and the watch sees that.
  panel = await openSidePanel(browser);
  expect(sinceStopped()).toContain('running');
  for (const tab of tabs) await tab.close();
});
