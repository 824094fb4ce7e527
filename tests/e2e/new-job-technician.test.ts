// A technician's new job, in real Chromium with the built extension against the emulator, by clicks: the platform
// shows a technician only the jobs allocated to them, so a job they make is not theirs to read back, and the
// outbox's read before a repeated create would find nothing as them. Under the least forgiving reading of a
// repeated uuid (a second job), the platform makes the job and its answer is lost: the background reads the job back
// in the token's own view (without impersonation) and, should Chromium have resent the POST, deletes the second job
// the platform made of it. Exactly one live job, created by the technician; the form says it is made, and that
// Fieldside cannot open it for them.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { allowOnConsentPage } from './support/grant-feature';
import { outboxCount } from './support/outbox';
import { openQuickSearch } from './support/popup-page';
import type { Stack } from './support/stack';
import { startTechnicianAtWork } from './support/technician-at-work';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;

setUpFile(async (own) => {
  // Signed in for field work: search, the day, notes, and badges (which brings manage_jobs) allowed.
  ({ stack, browser, options } = await startTechnicianAtWork(own));
}, 180_000);

it('makes exactly one job, though the technician cannot see it and its first answer is lost (a repeated uuid makes a second job)', async () => {
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  const technician = stack.technician.uuid;
  await control.setUuidReuse('duplicate');
  const description = 'Technician: second bathroom tap dripping, customer asked on site';
  const made = async () => (await control.listRecords(account, 'job')).filter((j) => j.job_description === description);

  const popup = await openQuickSearch(browser);
  const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/new-job.html') });
  await popup.getByRole('button', { name: '+ New job' }).click();
  const form = await opened;
  await form.locator('#job-description').waitFor();
  // "Deny" first, as someone unsure of the cost might: said beside the button they pressed, in words, not at the
  // form's foot; nothing else changes.
  const consent = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
  await form.getByRole('button', { name: 'Allow creating jobs' }).click();
  const denying = await consent;
  await denying.locator('#person').selectOption(`${account}:${technician}`);
  await denying.locator('#deny').click();
  const denied = form.locator('#create-jobs-permission + #allow-problem-newJobs');
  await denied.waitFor({ timeout: 20_000 });
  expect(await denied.textContent()).toContain('“Deny” was chosen on the platform’s page');
  expect(await form.getByRole('button', { name: 'Create job' }).isDisabled()).toBe(true);
  await allowOnConsentPage(browser, stack, technician, () =>
    form.getByRole('button', { name: 'Allow creating jobs' }).click(),
  );
  await form.locator('#create-cost').waitFor({ timeout: 20_000 });
  expect(await denied.count(), 'the denial still said once allowed').toBe(0);
  await form.getByLabel('Address').pressSequentially('21 Heron Court, Northcote VIC 3070', { delay: 5 });
  await form.getByLabel('Description').pressSequentially(description, { delay: 2 });

  const faultsBefore = (await control.stats()).faultsInjected;
  await control.injectFault({ kind: 'lose_answer', count: 1, pathPrefix: '/api_1.0/job.json' });
  await form.getByRole('button', { name: 'Create job' }).click();
  await form.locator('#job-saved').waitFor();
  await expect
    .poll(() => outboxCount(options, `fieldside-outbox-${account}-${technician}`), { timeout: 30_000 })
    .toBe(0);
  expect((await control.stats()).faultsInjected).toBe(faultsBefore + 1);
  // The form says it is made, and, the platform not showing it to them, that Fieldside cannot open it: no button
  // that would lead nowhere.
  await form.locator('#job-saved', { hasText: 'The job is on the platform.' }).waitFor({ timeout: 15_000 });
  await form.locator('#job-progress', { hasText: 'The platform does not show it to you' }).waitFor({ timeout: 30_000 });
  expect(await form.getByRole('button', { name: /^Open in/ }).count()).toBe(0);

  // Not the technician's to see: the emulator shows a technician only the jobs allocated to them.
  const visible = new Set(await control.visibleJobUuids(account, technician));
  const jobs = await made();
  expect(jobs.every((j) => !visible.has(String(j.uuid)))).toBe(true);
  const live = jobs.filter((j) => Number(j.active) === 1);
  expect(live).toHaveLength(1);
  expect(live[0]).toMatchObject({
    created_by_staff_uuid: technician,
    job_address: '21 Heron Court, Northcote VIC 3070',
  });
  // At most the one second job Chromium's resend may have made, and it was deleted.
  expect(jobs.length).toBeLessThanOrEqual(2);
  await form.close();
  await popup.close().catch(() => {});
});
