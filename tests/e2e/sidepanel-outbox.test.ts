// 200 notes typed into the side panel while the platform cannot be reached, the service worker
// stopped in the middle of sending them once it can, and exactly 200 notes on the platform
// afterwards: none lost, none twice.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { stopServiceWorker } from './support/background';
import type { ExtensionBrowser } from './support/chromium';
import type { ExtensionApi } from './support/extension-api';
import { openJobInPanel } from './support/grant-feature';
import { outboxCount } from './support/outbox';
import { openSidePanel, todaysActivities } from './support/sidepanel-page';
import type { Stack } from './support/stack';
import { startTechnicianAtWork } from './support/technician-at-work';
import { setUpFile } from '../support/set-up-file';

declare const chrome: ExtensionApi & { action: { getBadgeText(details: object): Promise<string> } };

const NOTES = 200;
let stack: Stack;
let browser: ExtensionBrowser;
let panel: Page;
setUpFile(async (own) => {
  ({ stack, browser } = await startTechnicianAtWork(own));
  panel = await openSidePanel(browser);
}, 180_000);

it('sends 200 notes written offline exactly once, though the worker is stopped in the middle of sending', async () => {
  const control = stack.emulator.control;
  // The test is about exactly-once delivery, not the platform's rate limits (per minute and per day).
  await control.setRateLimit(100_000, 10_000_000);
  // Nobody knows what the platform does with a create that repeats a uuid. Here it makes a second
  // note, silently (the integration tests run the other behaviours): only reading a note back by its
  // uuid before sending it again keeps this at exactly once.
  await control.setUuidReuse('duplicate');
  const { activities } = await todaysActivities(stack, stack.technician.uuid);
  const jobUuid = String(activities[0]!.job_uuid);
  const outboxDb = `fieldside-outbox-${stack.account.uuid}-${stack.technician.uuid}`;
  const notesOnJob = async () =>
    (await control.listRecords(stack.account.uuid, 'note')).filter((n) => n.related_object_uuid === jobUuid);
  const before = new Set((await notesOnJob()).map((n) => n.uuid));
  const added = async () => (await notesOnJob()).filter((n) => !before.has(n.uuid));

  await openJobInPanel(panel, jobUuid);
  // No signal: the platform answers every request with an error.
  await control.injectFault({ kind: 'status', status: 503, rate: 1 });
  const texts = Array.from({ length: NOTES }, (_, i) => `Offline note ${i + 1} of ${NOTES}`);
  const box = panel.getByLabel('New note');
  const add = panel.getByRole('button', { name: 'Add note' });
  for (const text of texts) {
    await box.fill(text);
    await add.click();
    // Kept at once: the box empties for the next note.
    await panel.waitForFunction(
      () => (document.getElementById('note-text') as HTMLTextAreaElement | null)?.value === '',
    );
  }
  expect(await outboxCount(panel, outboxDb)).toBe(NOTES);
  await expect
    .poll(() => panel.evaluate(() => chrome.action.getBadgeText({})), { timeout: 10_000 })
    .toBe(String(NOTES));
  expect(await added()).toEqual([]);
  // The side panel shows them as pending, every one.
  await expect.poll(() => panel.locator('li.note[data-state="pending"]').count(), { timeout: 10_000 }).toBe(NOTES);
  expect(await panel.locator('#error').count()).toBe(0);

  // Signal again: sending resumes by itself (backoff), and the worker is stopped part-way.
  await control.clearFaults();
  await expect.poll(async () => (await added()).length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(20);
  const { statuses } = await stopServiceWorker(browser.context, panel);
  // Stopped (the open side panel's port may already have started a new worker).
  expect(statuses).toContain('stopped');
  const atStop = (await added()).length;
  expect(atStop).toBeLessThan(NOTES);

  // The open side panel reconnects its live port, which starts the worker again; it carries on.
  await expect.poll(async () => (await added()).length, { timeout: 150_000, interval: 500 }).toBe(NOTES);
  await expect.poll(() => outboxCount(panel, outboxDb), { timeout: 20_000 }).toBe(0);
  await new Promise((r) => setTimeout(r, 2_000)); // nothing late arrives twice
  const final = await added();
  expect(final).toHaveLength(NOTES);
  expect(final.map((n) => n.note).sort()).toEqual([...texts].sort());
  expect(final.every((n) => n.edit_by_staff_uuid === stack.technician.uuid)).toBe(true);
  await expect
    .poll(() => panel.evaluate(() => chrome.action.getBadgeText({})), { timeout: 10_000 })
    .not.toBe(String(NOTES));
}, 300_000);
