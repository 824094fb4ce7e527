// A technician's visit in Chromium, by keys in the side panel (focus on the next step's button after each): "On my
// way", "Arrived", then the network is cut; a photo chosen, "Done" and "Mark the job complete" are kept and shown as
// waiting; once the platform can be reached again it holds exactly one recorded activity with the right start and
// end, one photo and the new status, each as that technician. The emulator repeats nothing for us: with uuid reuse
// set to "duplicate", a create sent twice would make two records. Then "Undo" beside "Job complete": the status the
// job had before is back on the platform, and "Mark the job complete" is offered again; an "Undo" after the office
// reopened the job and completed it again is refused in words, and the office's completion stands.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { openJobInPanel } from './support/grant-feature';
import { accountClock, firstVisitOnPlatform, focusedId, leftBetween, PHOTO_PNG } from './support/job-actions';
import { openSidePanel } from './support/sidepanel-page';
import type { Stack } from './support/stack';
import { startTechnicianAtWork } from './support/technician-at-work';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
let panel: Page;
/** The job's status before the first test completed it: what "Undo" puts back. */
let statusBefore: unknown;
setUpFile(async (own) => {
  // Visits and photos asked where the technician first meets each: on a job in the side panel.
  ({ stack, browser } = await startTechnicianAtWork(own, { allow: ['visits', 'photos'] }));
  panel = await openSidePanel(browser);
}, 240_000);

it('records a visit and a photo exactly once, as the technician, across a cut in the network', async () => {
  const { control } = stack.emulator;
  await control.setUuidReuse('duplicate');
  const { jobUuid, platform } = await firstVisitOnPlatform(stack);
  statusBefore = await platform.status();
  const clock = await accountClock(stack);
  await openJobInPanel(panel, jobUuid);

  await panel.getByRole('button', { name: 'On my way' }).press('Enter');
  await panel.locator('.visit-step[data-step="on-my-way"]').waitFor();
  await expect.poll(() => focusedId(panel), { message: 'focus after "On my way"' }).toBe('act-arrived');
  const beforeArrival = clock();
  await panel.keyboard.press('Enter');
  await panel.locator('.visit-step[data-step="arrived"]').waitFor();
  const afterArrival = clock();
  await expect.poll(() => focusedId(panel), { message: 'focus after "Arrived"' }).toBe('act-done');
  // Arriving reached the platform before the signal went.
  await expect
    .poll(async () => (await platform.recorded()).length, {
      timeout: 20_000,
      message: 'the arrival recorded as time on site on the platform',
    })
    .toBe(1);

  // The network is cut: every request is dropped before the platform acts on it.
  await control.injectFault({ kind: 'drop', rate: 1 });
  try {
    await panel.locator('#file-input').setInputFiles({ name: 'Meter.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    await panel.locator('li.file[data-state="pending"]').filter({ hasText: 'Meter.png' }).waitFor({ timeout: 10_000 });
    const beforeDone = clock();
    await panel.getByRole('button', { name: 'Done' }).press('Enter');
    await panel.locator('.visit-step[data-step="done"]').waitFor();
    const afterDone = clock();
    await expect.poll(() => focusedId(panel), { message: 'focus after "Done"' }).toBe('act-complete');
    await panel.keyboard.press('Enter');
    await panel.locator('.visit-step[data-step="complete"]').waitFor();
    await expect.poll(() => focusedId(panel), { message: 'focus after completing' }).toBe('act-reopen');
    // Each waits, marked so; nothing of it is on the platform.
    await expect
      .poll(() => panel.locator('.visit-step .pending').count(), {
        timeout: 10_000,
        message: 'Done and complete shown as waiting while offline',
      })
      .toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await control.stats()).faultsInjected, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await platform.photos(), 'a photo on the platform while offline').toEqual([]);
    expect((await platform.recorded())[0]!.end_date).toBe((await platform.recorded())[0]!.start_date);
    expect(await platform.status(), 'the job completed while offline').not.toBe('Completed');

    await control.clearFaults();
    // Back: everything waiting goes by itself, in order.
    await expect
      .poll(() => platform.status(), { timeout: 90_000, interval: 500, message: 'the job completed once back online' })
      .toBe('Completed');
    await expect
      .poll(async () => (await platform.photos()).length, {
        timeout: 30_000,
        message: 'the photo sent once back online',
      })
      .toBe(1);
    await new Promise((r) => setTimeout(r, 2_000)); // nothing late arrives twice

    const [recorded] = await platform.recorded();
    expect(await platform.recorded(), 'recorded visits on the platform').toHaveLength(1);
    expect(recorded).toMatchObject({ staff_uuid: stack.technician.uuid });
    expect(String(recorded!.start_date) >= beforeArrival && String(recorded!.start_date) <= afterArrival).toBe(true);
    expect(leftBetween(recorded!, beforeDone, afterDone)).toBe(true);
    const photos = await platform.photos();
    expect(photos, 'photos on the platform').toHaveLength(1);
    expect(photos[0]).toMatchObject({ file_type: '.png', created_by_staff_uuid: stack.technician.uuid });
    expect(await platform.file(String(photos[0]!.uuid))).toBe(`200 ${PHOTO_PNG.length} bytes`);
    expect(await platform.onMyWayNotes(), '"On my way" notes on the platform').toHaveLength(1);
    // The side panel shows it all sent: the photo among the job's files, nothing waiting.
    await panel.locator('li.file[data-state="sent"]').filter({ hasText: 'Meter.png' }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => panel.locator('#visit .pending').count(), {
        timeout: 20_000,
        message: 'steps the side panel still shows as waiting',
      })
      .toBe(0);
  } finally {
    await control.clearFaults();
  }
}, 240_000);

it('"Undo" beside "Job complete" puts the status before back on the platform, and offers completing again', async () => {
  const { platform } = await firstVisitOnPlatform(stack);
  expect(await platform.status()).toBe('Completed');
  expect(statusBefore).not.toBe('Completed');
  // The job open as the last test left it: completed here today, with its time, and "Undo" beside it.
  const complete = panel.locator('.visit-step[data-step="complete"]');
  await complete.waitFor();
  expect(await complete.textContent()).toMatch(/Job complete at \d{1,2}:\d{2}/);
  await panel.getByRole('button', { name: 'Undo' }).press('Enter');
  await panel.getByRole('button', { name: 'Mark the job complete' }).waitFor();
  await expect.poll(() => focusedId(panel), { message: 'focus after "Undo"' }).toBe('act-complete');
  expect(await complete.count()).toBe(0);
  await expect
    .poll(() => platform.status(), {
      timeout: 30_000,
      interval: 500,
      message: 'the status before, back on the platform',
    })
    .toBe(statusBefore);
  // Sent and the job read back: its status in the panel's heading is the one before, completing still offered.
  await expect
    .poll(() => panel.locator('.job-title-line').textContent(), {
      timeout: 20_000,
      message: 'the job read back after the undo was sent',
    })
    .toContain(String(statusBefore));
  expect(await panel.getByRole('button', { name: 'Mark the job complete' }).isVisible()).toBe(true);
  expect(await complete.count()).toBe(0);
}, 120_000);

it('"Undo" after the office reopened the job and completed it again is refused in words; Discard keeps it complete', async () => {
  const { jobUuid, platform } = await firstVisitOnPlatform(stack);
  const { control } = stack.emulator;
  await panel.getByRole('button', { name: 'Mark the job complete' }).press('Enter');
  await panel.getByRole('button', { name: 'Undo' }).waitFor();
  await expect
    .poll(() => platform.status(), { timeout: 30_000, interval: 500, message: 'completed on the platform' })
    .toBe('Completed');
  // The office reopens it, looks again and completes it itself.
  await control.updateRecord(stack.account.uuid, 'job', jobUuid, { status: 'Work Order' });
  await control.updateRecord(stack.account.uuid, 'job', jobUuid, { status: 'Completed' });

  await panel.getByRole('button', { name: 'Undo' }).click();
  const visit = panel.locator('#visit');
  const refusal = visit.getByText(
    'Someone else marked this job complete after you did, so Fieldside did not reopen it.',
  );
  await refusal.waitFor({ timeout: 30_000 });
  expect(await visit.getByText('Ask the office whether the job should be open again').isVisible()).toBe(true);
  expect(await platform.status()).toBe('Completed');

  await visit.getByRole('button', { name: 'Discard' }).click();
  await refusal.waitFor({ state: 'detached' });
  expect(await visit.locator('.visit-step[data-step="complete"]').textContent()).toMatch(/Job complete/);
  expect(await visit.getByRole('button', { name: 'Undo' }).count()).toBe(0);
  expect(await platform.status()).toBe('Completed');
}, 120_000);
