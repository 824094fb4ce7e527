// The platform's web app, with a script of the page's own that listens to every key and measures every
// badge (support/hostile-page.ts), in real Chromium with the built extension: what the technician
// types in the quick-note box of a job window is heard by none of its listeners and reaches the
// platform; every badge takes the same box, for a job of each status (with badges and a note still
// pending) and for a number no job has.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { closedBadges, type BadgeRef, type ClosedBadges } from './support/closed-badges';
import { jobWindowUrl, launchForContent, signInToWebApp } from './support/content-page';
import { signInTechnicianForFieldWork } from './support/field-worker';
import {
  BADGE_BOXES,
  boxesAtInsertion,
  forgetPagesOwn,
  heard,
  hostBoxes,
  HOSTILE_SCRIPT,
  plant,
} from './support/hostile-page';
import { closePanel, focusInFrame, noteStates, quickNoteFrame } from './support/quick-note-frame';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

const STATUSES = ['Quote', 'Work Order', 'Completed', 'Unsuccessful'];

let stack: Stack;
let browser: ExtensionBrowser;
let page: Page;
let shadow: ClosedBadges;
/** One of the technician's jobs per status, the first with two of the account's badges. */
let jobs: Array<{ uuid: string; number: string; status: string }>;
const inWindow = (number: string): BadgeRef => ({ window: number });

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  const mine = new Set(await control.visibleJobUuids(account, stack.technician.uuid));
  const records = (await control.listRecords(account, 'job')).filter(
    (j) => mine.has(String(j.uuid)) && Number(j.active) === 1,
  );
  if (records.length < STATUSES.length) throw new Error('The technician needs a job per status');
  const badges = (await control.listRecords(account, 'badge')).slice(0, 2).map((b) => String(b.uuid));
  jobs = [];
  for (const [i, status] of STATUSES.entries()) {
    const uuid = String(records[i]!.uuid);
    const fields: Record<string, unknown> = { status, ...(i === 0 ? { badges: JSON.stringify(badges) } : {}) };
    await control.updateRecord(account, 'job', uuid, fields, { raw: true });
    jobs.push({ uuid, number: String(records[i]!.generated_job_id), status });
  }
  browser = own(await launchForContent());
  await signInTechnicianForFieldWork(browser, stack);
  page = await browser.context.newPage();
  // The page's own script, before any of the web app's and Fieldside's.
  await page.addInitScript(HOSTILE_SCRIPT);
  shadow = await closedBadges(browser.context, page);
  await signInToWebApp(page, stack);
});

const notesWith = async (text: string) =>
  (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text);

describe("the web app's page, listening and measuring", () => {
  it('hears none of the keys typed in the quick-note box of a job window; the note reaches the platform', async () => {
    const job = jobs[1]!;
    const badge = inWindow(job.number);
    await page.goto(jobWindowUrl(stack, job.uuid));
    await shadow.waitFor(badge, 'button.badge .status');
    // The positive control: the page hears the person type in its own job search.
    await page.locator('#job-search-q').fill('');
    await page.locator('#job-search-q').pressSequentially('zz');
    await page.locator('#job-search-q').blur();
    expect(await heard(page)).toContain('keydown (capture) z');

    await shadow.click(badge, 'button.badge');
    const frame = await quickNoteFrame(page);
    await expect.poll(() => focusInFrame(frame)).toBe('textarea');
    await forgetPagesOwn(page);
    const text = `Back Thursday, key under the mat ${Date.now()}`;
    await page.keyboard.type(text);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+C');
    await page.keyboard.press('End');
    expect(await frame.locator('textarea').inputValue()).toBe(text);
    expect(await heard(page)).toEqual([]);
    await frame.locator('button[type="submit"]').click();
    // Shown at once, pending or already sent; on the platform as the technician's note.
    await expect.poll(() => noteStates(frame, text)).toHaveLength(1);
    expect(['pending', 'sent']).toContain((await noteStates(frame, text))[0]);
    await expect.poll(() => notesWith(text), { timeout: 20_000 }).toHaveLength(1);
    expect((await notesWith(text))[0]).toMatchObject({
      related_object_uuid: job.uuid,
      edit_by_staff_uuid: stack.technician.uuid,
    });
    await expect.poll(() => noteStates(frame, text), { timeout: 15_000 }).toEqual(['sent']);
    expect(await heard(page)).toEqual([]);
    await closePanel(page, frame, 'key');
    expect(await shadow.focused()).toEqual({ host: 'fieldside-badge', inner: 'button' });
  });

  it('gives a job of every status and a number no job has the same box', async () => {
    const job = jobs[0]!;
    await page.goto(jobWindowUrl(stack, job.uuid));
    await shadow.waitFor(inWindow(job.number), 'button.badge .status');
    // A note waiting in the outbox: the badge says "1 pending" (the platform takes no notes for now).
    await shadow.click(inWindow(job.number), 'button.badge');
    const frame = await quickNoteFrame(page);
    await expect.poll(() => focusInFrame(frame)).toBe('textarea');
    await stack.emulator.control.injectFault({ kind: 'status', status: 503, rate: 1, pathPrefix: '/api_1.0/note' });
    await page.keyboard.type('Waiting for a signal');
    await frame.locator('button[type="submit"]').click();
    await expect.poll(() => noteStates(frame, 'Waiting for a signal')).toEqual(['pending']);
    await closePanel(page, frame);
    // (A badge counts what waits when it is read: the page, loaded again.)
    await page.reload();
    await shadow.waitFor(inWindow(job.number), 'button.badge .pending');

    await plant(page, [...jobs.map((j) => j.number), '99999991']);
    const planted = { css: '.planted fieldside-badge' };
    // Fieldside's own view: each job's status (the first with its badges and the note pending), and
    // "Not found" for the number no job has.
    await expect
      .poll(() => shadow.texts(planted, 'button.badge .status, button.badge-quiet .says'), { timeout: 15_000 })
      .toEqual([...STATUSES, 'Not found']);
    await expect.poll(() => shadow.count(planted, 'button.badge .pending')).toBe(1);
    expect(await shadow.count(planted, 'button.badge .tag')).toBeGreaterThanOrEqual(2);
    await stack.emulator.control.clearFaults();

    // The page's view: one box for all of them, the job window's badge too, now and when inserted.
    const seen = await hostBoxes(page);
    expect(seen).toHaveLength(STATUSES.length + 2);
    expect(new Set(seen.map((line) => line.split(' | ')[0]))).toEqual(new Set([BADGE_BOXES]));
    // The planted ones (in the same text) alike in every way the page can tell.
    expect(new Set(seen.slice(1)).size).toBe(1);
    expect(new Set(await boxesAtInsertion(page))).toEqual(new Set([BADGE_BOXES]));
  });
});
