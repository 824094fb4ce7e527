// Signing out, in real Chromium: the person reads, where they sign out, that a note not yet on the
// platform stays on this device and goes out when they sign in again (and it does); nothing of the
// person's stays in the browser session's storage; and the account section says that the staff
// limit is the person's choice in Fieldside, not the platform's.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { closedBadges } from './support/closed-badges';
import { focusInFrame, quickNoteFrame } from './support/quick-note-frame';
import { jobWindowUrl, launchForContent, signInToWebApp } from './support/content-page';
import { chooseMe } from './support/options-page';
import type { Stack } from './support/stack';
import { startTechnicianAtWork } from './support/technician-at-work';
import { setUpFile } from '../support/set-up-file';

declare const chrome: { storage: { session: { get(keys: null): Promise<Record<string, unknown>> } } };

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;

setUpFile(async (own) => {
  ({ stack, browser, options } = await startTechnicianAtWork(own, { jobs: 200, launch: launchForContent }));
});

/** What the browser session's storage holds of the person: everything but the items' version marks. */
const sessionStorage = () =>
  options.evaluate(async () => Object.keys(await chrome.storage.session.get(null)).filter((key) => !key.endsWith('$')));

it('says the staff limit is the choice made in Fieldside, not the platform', async () => {
  const notice = await options.locator('#limit-notice').textContent();
  expect(notice).toContain(`what ${stack.technician.name} may see because you chose that name`);
  expect(notice).toContain("not the platform's");
});

it('keeps an unsent note at sign-out, says so before and after, and sends it when the same person signs in again', async () => {
  const { control } = stack.emulator;
  const [jobUuid] = await control.visibleJobUuids(stack.account.uuid, stack.technician.uuid);
  const job = (await control.listRecords(stack.account.uuid, 'job')).find((j) => j.uuid === jobUuid)!;
  const page = await browser.context.newPage();
  const shadow = await closedBadges(browser.context, page);
  await signInToWebApp(page, stack);
  await page.goto(jobWindowUrl(stack, jobUuid!));
  const badge = { window: String(job.generated_job_id) };
  await shadow.click(badge, 'button.badge');
  const frame = await quickNoteFrame(page);
  await expect.poll(() => focusInFrame(frame)).toBe('textarea');

  // No signal for notes now: the note waits in the outbox.
  await control.injectFault({ kind: 'status', status: 503, rate: 1, pathPrefix: '/api_1.0/note' });
  const text = `Written before signing out ${Date.now()}`;
  await page.keyboard.insertText(text);
  await frame.locator('[role="dialog"] button[type="submit"]').click();
  await frame.locator('[role="dialog"] li.note[data-state="pending"]').waitFor();
  expect(await sessionStorage()).toContain('pageGrants');

  await options.reload();
  await expect
    .poll(() => options.locator('#unsent-writes').textContent(), { timeout: 10_000 })
    .toBe(
      `1 note or badge change has not reached the platform yet. If you sign out, Fieldside keeps it on this device and sends it when ${stack.technician.name} signs in here again.`,
    );
  await options.getByRole('button', { name: 'Sign out' }).click();
  await options.locator('#session-state[data-state="signed_out"]').waitFor();
  expect(await options.locator('#unsent-writes').textContent()).toBe(
    `1 note or badge change not sent yet is kept on this device: Fieldside sends it when ${stack.technician.name} signs in here again.`,
  );
  expect(await sessionStorage()).toEqual([]);
  const notesWith = async () => (await control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text);
  expect(await notesWith()).toEqual([]);

  // Signal back, the same person signs in again: the note goes out, as theirs.
  await control.clearFaults();
  // (This browser granted every scope already: the platform sends it back at once, no consent page.)
  await options.getByRole('button', { name: 'Sign in with the platform' }).click();
  await options.locator('#session-state[data-state="signed_in"]').waitFor({ timeout: 20_000 });
  await chooseMe(options, stack.technician);
  await expect.poll(notesWith, { timeout: 30_000 }).toHaveLength(1);
  expect((await notesWith())[0]).toMatchObject({
    related_object_uuid: jobUuid,
    edit_by_staff_uuid: stack.technician.uuid,
  });
});
