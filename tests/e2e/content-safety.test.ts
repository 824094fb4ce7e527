// The content UI with hostile platform data, its accessibility and its themes, in real Chromium:
// job fields holding markup and script (set through the emulator's control API) are shown as inert
// text in the badge and the quick-note panel; axe-core finds no serious or critical problem in the
// panel, light or dark; the panel follows the system's colour scheme. The badge's shadow root is
// closed, so the tests look into it from Fieldside's own world (support/closed-badges.ts); the panel
// is a page of its own in a frame beside the badge (support/quick-note-frame.ts).
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { closedBadges, type BadgeRef, type ClosedBadges } from './support/closed-badges';
import { jobWindowUrl, launchForContent, signInToWebApp } from './support/content-page';
import { signInTechnicianForFieldWork } from './support/field-worker';
import { quickNoteAxeProblemsInBothSchemes } from './support/axe';
import { closePanel, quickNoteFrame, quickNoteFrames } from './support/quick-note-frame';
import { startStack, type Stack } from './support/stack';
import { tokenRgb } from './support/tokens';
import { setUpFile } from '../support/set-up-file';

// The job's number stays digits: the web app's window title names it, and the badge finds the job by
// it (a number with markup would find no job, and so show nothing at all).
const HOSTILE = {
  status: '<script>window.__pwned=2</script>Work Order',
  customer: '<a href="javascript:window.__pwned=3">Acme</a>',
  badge: '<img src=x onerror="window.__pwned=4">Urgent',
  note: 'Call first <img src=x onerror="window.__pwned=5"> <a href="javascript:window.__pwned=6">here</a>',
};

let stack: Stack;
let browser: ExtensionBrowser;
let page: Page;
let shadow: ClosedBadges;
let jobUuid: string;
let jobNumber: string;
const badge = (): BadgeRef => ({ window: jobNumber });

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  // The office's data holds the markup before the technician signs in: the sign-in's sync reads it.
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  const mine = new Set(await control.visibleJobUuids(account, stack.technician.uuid));
  const job = (await control.listRecords(account, 'job')).find((j) => mine.has(String(j.uuid)) && j.company_uuid);
  if (!job) throw new Error('The technician needs a job with a customer');
  jobUuid = String(job.uuid);
  jobNumber = String(job.generated_job_id);
  const badge = (await control.listRecords(account, 'badge'))[0]!;
  await control.updateRecord(account, 'badge', String(badge.uuid), { name: HOSTILE.badge });
  await control.updateRecord(account, 'company', String(job.company_uuid), { name: HOSTILE.customer });
  await control.updateRecord(
    account,
    'job',
    jobUuid,
    { status: HOSTILE.status, badges: JSON.stringify([badge.uuid]) },
    { raw: true },
  );
  await control.createRecord(account, 'note', {
    related_object: 'job',
    related_object_uuid: jobUuid,
    note: HOSTILE.note,
  });
  browser = own(await launchForContent());
  await signInTechnicianForFieldWork(browser, stack);
  page = await browser.context.newPage();
  shadow = await closedBadges(browser.context, page);
  await signInToWebApp(page, stack);
  page.on('dialog', () => {
    throw new Error('A dialog opened: platform data ran as script');
  });
});

/** The job's window with the quick-note panel open (closed first if it was): its frame. */
async function openPanel(): Promise<Frame> {
  if (quickNoteFrames(page) > 0) await closePanel(page, await quickNoteFrame(page));
  await page.goto(jobWindowUrl(stack, jobUuid));
  await shadow.waitFor(badge(), 'button.badge');
  await shadow.click(badge(), 'button.badge');
  const frame = await quickNoteFrame(page);
  await frame.locator('[role="dialog"] li.note').first().waitFor();
  return frame;
}

/** Elements only markup in the data could have made: in the badge's shadow root (Fieldside's own
 * frame for the panel aside), and in the panel. */
const injected = async (frame: Frame) =>
  (await shadow.count(badge(), 'img, script, a, iframe:not(.panel-frame), [onerror]')) +
  (await frame.locator('[role="dialog"] :is(img, script, a, iframe, [onerror])').count());

describe('platform data with markup and script', () => {
  it('is shown as inert text in the badge and the quick-note panel', async () => {
    const frame = await openPanel();
    expect(await shadow.text(badge(), 'button.badge .status')).toBe(HOSTILE.status);
    expect(await shadow.text(badge(), 'button.badge .tag')).toBe(HOSTILE.badge);
    expect(await frame.locator('[role="dialog"] h2').textContent()).toBe(`Job #${jobNumber}: notes`);
    await expect.poll(() => frame.locator('[role="dialog"] .panel-meta').textContent()).toContain(HOSTILE.customer);
    expect(await frame.locator('[role="dialog"] .panel-meta .tag').textContent()).toBe(HOSTILE.badge);
    const notes = await frame.locator('[role="dialog"] li.note .note-text').allTextContents();
    expect(notes.filter((t) => t.startsWith('Call first'))).toEqual([HOSTILE.note]);
    expect(await injected(frame)).toBe(0);
    // Nothing ran, in the page, in the content script's world or in the panel's page.
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await shadow.inWorld('() => globalThis.__pwned')).toBeUndefined();
    expect(await frame.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});

describe('accessibility and themes', () => {
  it('axe-core finds no serious or critical problem in the quick-note panel, light or dark', async () => {
    const frame = await openPanel();
    expect(await quickNoteAxeProblemsInBothSchemes(page, frame)).toEqual([]);
  });

  it('follows the system colour scheme', async () => {
    const colours = (frame: Frame) =>
      frame.locator('[role="dialog"]').evaluate((panel) => {
        const style = getComputedStyle(panel);
        return { bg: style.backgroundColor, fg: style.color };
      });
    await page.emulateMedia({ colorScheme: 'light' });
    const frame = await openPanel();
    const light = await colours(frame);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => colours(frame).then((c) => c.bg)).toBe(tokenRgb('color-surface', 'dark'));
    const dark = await colours(frame);
    expect(light.bg).toBe(tokenRgb('color-surface', 'light'));
    expect(dark.fg).not.toBe(light.fg);
  });
});
