import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { ON_MY_WAY_NOTE } from '../../contracts/job-actions';
import { accountTimestamp } from '../../server/companion/addon/account-clock';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { openFieldside, webAppAs } from './support/job-card';
import { focusedId, leftBetween } from './support/job-actions';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

// Acting on a job from the platform's own job card (issue 32), in real Chromium against the emulator's web app
// hosting the companion's add-on, by clicks and keys as a technician does (focus on the next step's button after
// each): "On my way", "Arrived", a photo sent while the network is cut and again once it is back, "Done" pressed
// with no network and again, the job complete (undone, as after a press by mistake, and completed again; a second
// Undo refused in words once the office has reopened and completed it again). After it the platform holds exactly
// one "On my way" note, one recorded activity from arrival to leaving, one photo with its file and the new status,
// each as the technician the platform's signed event named. On the phone view, the panel offers the camera.

let stack: Stack;
let browser: ExtensionBrowser;
let zone: string | null;

/** A PNG's bytes (a 1×1 image): the emulator reads a photo's size from them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 40 }));
  await stack.activate();
  browser = own(await launchChromium());
  const vendor = await stack.emulator.control.listRecords(stack.account.uuid, 'vendor');
  zone = typeof vendor[0]?.timezone_name === 'string' ? vendor[0].timezone_name : null;
});

const records = (type: string) => stack.emulator.control.listRecords(stack.account.uuid, type);
const accountNow = () => accountTimestamp(Date.now(), zone);

/** A job of the technician's the web app lists that is not complete and has no time on site today. */
async function untouchedJob(page: Page): Promise<string> {
  const listed = await page
    .locator('#job-grid .x-grid-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-job-uuid') ?? ''));
  const jobs = await records('job');
  const today = accountNow().slice(0, 10);
  const recorded = new Set(
    (await records('jobactivity'))
      .filter((a) => Number(a.activity_was_recorded) === 1 && String(a.start_date).startsWith(today))
      .map((a) => a.job_uuid),
  );
  const found = listed.find(
    (uuid) => !recorded.has(uuid) && jobs.some((j) => j.uuid === uuid && j.status !== 'Completed'),
  );
  if (!found) throw new Error('the web app lists no job of the technician that is still open');
  return found;
}

const steps = (panel: FrameLocator) => panel.locator('#visit-steps').textContent();

describe('acting on a job from the job card', () => {
  it('on the web: On my way, Arrived, a photo across a cut in the network, Done, complete; the platform holds each once, as the technician', async () => {
    const page = await webAppAs(browser.context, stack, stack.technician, 'desktop');
    const { jobUuid, panel } = await openFieldside(page, { jobUuid: await untouchedJob(page) });
    // Only what makes sense first: no "Done" before arriving.
    expect(await panel.getByRole('button', { name: 'Done', exact: true }).isVisible()).toBe(false);

    // By keys: each step taken, focus is on the next one's button (not back at the top of the page).
    await panel.getByRole('button', { name: 'On my way' }).press('Enter');
    await expect.poll(() => steps(panel), { timeout: 15_000 }).toMatch(/On my way at \d{2}:\d{2}/);
    expect(await panel.getByRole('button', { name: 'On my way' }).isVisible()).toBe(false);
    await expect.poll(() => focusedId(panel)).toBe('act-arrived');
    await expect.poll(() => panel.locator('#notes li .text').first().textContent()).toBe(ON_MY_WAY_NOTE);

    const beforeArriving = accountNow();
    await page.keyboard.press('Enter');
    await expect.poll(() => steps(panel), { timeout: 15_000 }).toMatch(/Arrived at \d{2}:\d{2}/);
    const afterArriving = accountNow();
    await expect.poll(() => focusedId(panel)).toBe('act-done');
    expect(await panel.locator('#visit-hint').textContent()).toBe(
      'Your time on site is being recorded. Press Done when you leave.',
    );

    // The network is cut as the photo is chosen: it stays in the window, and is sent when asked again.
    await browser.context.setOffline(true);
    await panel.locator('#photo-file').setInputFiles({ name: 'Meter reading.png', mimeType: 'image/png', buffer: PNG });
    const photo = panel.locator('#photo-list li').first();
    await expect.poll(() => photo.getAttribute('data-state'), { timeout: 15_000 }).toBe('failed');
    expect(await photo.locator('[role="status"]').textContent()).toContain('No connection');
    // "Done" with no network: nothing is lost, and it says so.
    await panel.getByRole('button', { name: 'Done', exact: true }).press('Enter');
    await expect
      .poll(() => panel.locator('#visit-message').textContent(), { timeout: 15_000 })
      .toBe('Fieldside could not save this just now. Try again in a moment.');
    // Not saved: the button stays, and so does focus, to press it again.
    await expect.poll(() => focusedId(panel)).toBe('act-done');
    await browser.context.setOffline(false);

    await photo.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => photo.getAttribute('data-state'), { timeout: 20_000 }).toBe('sent');
    expect(await photo.locator('[role="status"]').textContent()).toBe('Added to the job');

    const beforeLeaving = accountNow();
    await panel.getByRole('button', { name: 'Done', exact: true }).click();
    await expect.poll(() => steps(panel), { timeout: 15_000 }).toMatch(/Done at \d{2}:\d{2}/);
    const afterLeaving = accountNow();
    const statusBefore = (await records('job')).find((j) => j.uuid === jobUuid)?.status;
    await expect.poll(() => focusedId(panel)).toBe('act-complete');
    await page.keyboard.press('Enter');
    await expect.poll(() => steps(panel), { timeout: 15_000 }).toContain('Job complete');
    // A gloved thumb on the wrong button: "Undo" puts back the status the job had, and the button comes back.
    expect((await records('job')).find((j) => j.uuid === jobUuid)?.status).toBe('Completed');
    expect(await panel.locator('#job-status').textContent()).toBe('Completed');
    await expect.poll(() => focusedId(panel)).toBe('act-reopen');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => panel.locator('#visit-message').textContent(), { timeout: 15_000 })
      .toBe('Undone: the job is open again.');
    await expect.poll(() => focusedId(panel)).toBe('act-complete');
    expect(await steps(panel)).not.toContain('Job complete');
    expect((await records('job')).find((j) => j.uuid === jobUuid)?.status).toBe(statusBefore);
    expect(await panel.locator('#job-status').textContent()).toBe(statusBefore);
    await panel.getByRole('button', { name: 'Mark the job complete' }).click();
    await expect.poll(() => steps(panel), { timeout: 15_000 }).toContain('Job complete');
    // The office reopens the job and completes it again before the technician's second thoughts: their completion
    // stands, the window says so in words and offers no Undo any more.
    await stack.emulator.control.updateRecord(stack.account.uuid, 'job', jobUuid, { status: 'Work Order' });
    await stack.emulator.control.updateRecord(stack.account.uuid, 'job', jobUuid, { status: 'Completed' });
    await panel.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => panel.locator('#visit-message').textContent(), { timeout: 15_000 })
      .toBe(
        'Someone else marked this job complete after you did, so Fieldside did not reopen it. Ask the office whether it should be open again.',
      );
    expect(await panel.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    expect(await steps(panel)).toContain('Job complete');
    expect((await records('job')).find((j) => j.uuid === jobUuid)?.status).toBe('Completed');

    const notes = (await records('note')).filter((n) => n.related_object_uuid === jobUuid && n.note === ON_MY_WAY_NOTE);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.edit_by_staff_uuid).toBe(stack.technician.uuid);
    const onSite = (await records('jobactivity')).filter(
      (a) =>
        a.job_uuid === jobUuid &&
        Number(a.activity_was_recorded) === 1 &&
        String(a.start_date) >= beforeArriving.slice(0, 10),
    );
    expect(onSite).toHaveLength(1);
    expect(onSite[0]!.staff_uuid).toBe(stack.technician.uuid);
    expect(Number(onSite[0]!.activity_was_scheduled)).toBe(0);
    const start = String(onSite[0]!.start_date);
    expect(start >= beforeArriving && start <= afterArriving).toBe(true);
    expect(leftBetween(onSite[0]!, beforeLeaving, afterLeaving)).toBe(true);
    const photos = (await records('attachment')).filter(
      (a) => a.related_object_uuid === jobUuid && a.attachment_name === 'Meter reading.png',
    );
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ file_type: '.png', created_by_staff_uuid: stack.technician.uuid });
    expect(Number(photos[0]!.photo_width)).toBe(1);
    expect((await records('job')).find((j) => j.uuid === jobUuid)?.status).toBe('Completed');

    // Opened again, the panel knows the visit is over.
    await page.locator('#windows .addon-window .x-tool-close').click();
    await page.locator('#windows .addon-window').waitFor({ state: 'detached' });
    await page
      .locator(`.x-window[data-job-uuid="${jobUuid}"]`)
      .getByRole('button', { name: 'Fieldside', exact: true })
      .click();
    await panel.locator('#fieldside-panel').waitFor({ timeout: 20_000 });
    await expect.poll(() => steps(panel)).toMatch(/Arrived at .*Done at .*Job complete/);
    expect(await panel.getByRole('button', { name: 'Arrived' }).isVisible()).toBe(false);
    // Undo is for the window the job was completed in, not for what others may have decided since.
    expect(await panel.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await page.close();
  });

  it('in the phone view: the camera is offered, and a photo taken with it lands on the job as the technician', async () => {
    const page = await webAppAs(browser.context, stack, stack.technician, 'phone');
    const { jobUuid, panel } = await openFieldside(page, { jobUuid: await untouchedJob(page) });
    const camera = panel.locator('#photo-camera');
    expect(await camera.getAttribute('accept')).toBe('image/*');
    expect(await camera.getAttribute('capture')).toBe('environment');
    const take = panel.getByText('Take a photo', { exact: true });
    const box = (await take.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);

    await camera.setInputFiles({ name: 'image.jpg', mimeType: 'image/png', buffer: PNG });
    const photo = panel.locator('#photo-list li').first();
    await expect.poll(() => photo.getAttribute('data-state'), { timeout: 20_000 }).toBe('sent');
    const photos = (await records('attachment')).filter(
      (a) => a.related_object_uuid === jobUuid && a.attachment_name === 'image.jpg',
    );
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ file_type: '.jpg', created_by_staff_uuid: stack.technician.uuid });
    await page.close();
  });
});
