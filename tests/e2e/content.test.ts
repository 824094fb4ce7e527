// The content script on the platform's pages, in real Chromium against the emulator's web UI: job
// badges with the cached status on the job list and job pages, in-page navigation, nothing at all on
// a page without a job, quick notes that reach the platform as the technician's, keyboard use, and
// live updates.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFromPage, type ExtensionBrowser } from './support/chromium';
import { badgeOf, badges, jobListUrl, jobPageUrl, launchForContent, openWithContentWorld, signInTechnicianWithNotes } from './support/content-page';
import { startStack, type Stack } from './support/stack';
import { waitForSynced } from './support/sync';

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let page: Page;
/** Jobs the technician may see (and so has in the cache), with their numbers and statuses. */
let visible: Array<{ uuid: string; number: string; status: string }>;

beforeAll(async () => {
  stack = await startStack({ jobs: 400 });
  browser = await launchForContent();
  options = await signInTechnicianWithNotes(browser, stack);
  const mine = new Set(await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid));
  const jobs = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
  visible = jobs
    .filter((j) => mine.has(String(j.uuid)) && (j.active === 1 || j.active === true || j.active === '1'))
    .map((j) => ({ uuid: String(j.uuid), number: String(j.generated_job_id), status: String(j.status) }));
  if (visible.length < 3) throw new Error('The seeded technician needs a few jobs');
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('job badges on the platform pages', () => {
  it('puts a badge with the cached status beside each of the technician\'s jobs on the job list', async () => {
    const job = visible[0]!;
    await page.goto(jobListUrl(stack, job.number));
    await badgeOf(page, job.uuid).waitFor();
    const mine = new Set(visible.map((v) => v.uuid));
    const rows = await page.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        uuid: tr.querySelector('a.job-link')?.getAttribute('data-job-uuid') ?? '',
        status: tr.querySelector('td.status')?.textContent ?? '',
      })),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      if (!mine.has(row.uuid)) {
        // Jobs outside the technician's view are not in their cache: no badge, only an empty host.
        await expect.poll(() => badgeOf(page, row.uuid).count()).toBe(0);
        continue;
      }
      expect(await badgeOf(page, row.uuid).locator('.status').textContent()).toBe(row.status);
    }
    expect(await badges(page).count()).toBe(rows.filter((r) => mine.has(r.uuid)).length);
    // The badges live in shadow roots: the page's own document has none of their markup.
    expect(await page.evaluate(() => document.querySelectorAll('button.badge, .status[data-status]').length)).toBe(0);
  });

  it('puts a badge on a job page with the job\'s status', async () => {
    const job = visible[1]!;
    await page.goto(jobPageUrl(stack, job.uuid));
    const badge = page.locator('main[data-page="job"] fieldside-badge button.badge');
    await badge.waitFor();
    expect(await badge.locator('.status').textContent()).toBe(await page.locator('td[data-field="status"]').textContent());
    expect(await badge.locator('.status').textContent()).toBe(job.status);
  });

  it('follows in-page navigation: the job page reached by a link gets its badge, and so does the list again', async () => {
    const job = visible[2]!;
    await page.goto(jobListUrl(stack, job.number));
    await badgeOf(page, job.uuid).waitFor();
    const before = page.url();
    await page.evaluate(() => Object.assign(window, { beforeNavigation: true }));
    await page.locator(`a.job-link[data-job-uuid="${job.uuid}"]`).click();
    await page.locator(`main[data-page="job"][data-job-uuid="${job.uuid}"]`).waitFor();
    // In-page: the document was not reloaded (a marker set before the click survives).
    expect(page.url()).not.toBe(before);
    expect(await page.evaluate(() => 'beforeNavigation' in window)).toBe(true);
    await page.locator('main[data-page="job"] fieldside-badge button.badge .status').waitFor();
    expect(await page.locator('main[data-page="job"] fieldside-badge .status').textContent()).toBe(job.status);
    expect(await page.locator('fieldside-badge').count()).toBe(1);
    await page.getByRole('link', { name: /All jobs/ }).click();
    await page.locator('main[data-page="job-list"]').waitFor();
    await expect.poll(() => badges(page).count()).toBeGreaterThan(0);
  });

  it('adds nothing to a page without a job and does not load the UI chunk there', async () => {
    const empty = await openWithContentWorld(browser.context, page, jobListUrl(stack, '99999999'));
    await page.locator('p.empty').waitFor();
    // Give the content script (document_idle) its turn, then look.
    await expect.poll(() => empty.evaluate<boolean>('document.readyState === "complete"')).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.locator('fieldside-badge').count()).toBe(0);
    expect(await empty.evaluate<boolean>('"__fieldsideContentUi" in globalThis')).toBe(false);
    expect(empty.requests.filter((u) => u.includes('content-ui'))).toEqual([]);
    expect(empty.requests.length).toBeGreaterThan(0);

    // The positive control: on a job page the same checks see the chunk.
    const job = visible[0]!;
    const onJob = await openWithContentWorld(browser.context, page, jobPageUrl(stack, job.uuid));
    await page.locator('fieldside-badge button.badge').waitFor();
    expect(await onJob.evaluate<boolean>('"__fieldsideContentUi" in globalThis')).toBe(true);
    // Loaded once, through the session's dynamic id (use_dynamic_url), never by the fixed one:
    // Chrome serves that request by an internal redirect to the fixed id, seen here as a second.
    const loads = onJob.requests.filter((u) => u.endsWith('/content-ui.js'));
    expect(loads[0]).not.toContain(browser.id);
    expect(loads.filter((u) => !u.includes(browser.id))).toHaveLength(1);
  });
});

describe('the quick-note panel', () => {
  it('adds a note from a job page that reaches the platform as the technician\'s note', async () => {
    const job = visible[0]!;
    await page.goto(jobPageUrl(stack, job.uuid));
    const badge = page.locator('main fieldside-badge button.badge');
    await badge.click();
    const panel = page.locator('fieldside-badge [role="dialog"]');
    await panel.waitFor();
    const text = `Quick note from the job page ${Date.now()}`;
    await panel.getByLabel('Add a note').fill(text);
    await panel.getByRole('button', { name: 'Add note' }).click();
    // Shown at once, marked as pending or already sent.
    const item = panel.locator('li.note', { hasText: text });
    await item.waitFor();
    expect(['pending', 'sent']).toContain(await item.getAttribute('data-state'));

    await expect
      .poll(async () => (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text), { timeout: 20_000 })
      .toHaveLength(1);
    const [note] = (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text);
    expect(note).toMatchObject({ related_object: 'job', related_object_uuid: job.uuid, edit_by_staff_uuid: stack.technician.uuid });
    // Reopened, the panel lists it from the platform.
    await panel.getByRole('button', { name: 'Close notes' }).click();
    await badge.click();
    await expect.poll(() => panel.locator('li.note', { hasText: text }).getAttribute('data-state'), { timeout: 10_000 }).toBe('sent');
  });

  it('works by keyboard: the badge is a button, the panel traps nothing, Escape closes it', async () => {
    const job = visible[1]!;
    await page.goto(jobPageUrl(stack, job.uuid));
    const badge = page.locator('main fieldside-badge button.badge');
    await badge.waitFor();
    expect(await badge.getAttribute('aria-expanded')).toBe('false');
    await badge.focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('fieldside-badge [role="dialog"]');
    await panel.waitFor();
    expect(await badge.getAttribute('aria-expanded')).toBe('true');
    // Focus went into the panel, to the note box.
    const focused = () => page.evaluate(() => {
      const host = document.activeElement;
      const inner = host?.shadowRoot?.activeElement;
      return { host: host?.tagName.toLowerCase(), inner: inner?.tagName.toLowerCase() ?? null, label: inner?.getAttribute('aria-label') ?? inner?.textContent ?? null };
    });
    await panel.getByLabel('Add a note').waitFor();
    await expect.poll(async () => (await focused()).inner).toBe('textarea');
    expect((await focused()).host).toBe('fieldside-badge');
    // Tab walks out of the panel into the page: nothing is trapped.
    let left = false;
    for (let i = 0; i < 6 && !left; i++) {
      await page.keyboard.press('Tab');
      left = (await focused()).host !== 'fieldside-badge';
    }
    expect(left).toBe(true);
    // Back in, Escape closes the panel and returns focus to the badge.
    await panel.getByLabel('Add a note').focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await badge.getAttribute('aria-expanded')).toBe('false');
    expect(await focused()).toMatchObject({ host: 'fieldside-badge', inner: 'button' });
  });
});

describe('live updates', () => {
  it('re-reads a badge when its job changes in the cache', async () => {
    const job = visible[2]!;
    await page.goto(jobPageUrl(stack, job.uuid));
    const status = page.locator('main fieldside-badge button.badge .status');
    await status.waitFor();
    const next = job.status === 'Completed' ? 'Work Order' : 'Completed';
    await stack.emulator.control.updateRecord(stack.account.uuid, 'job', job.uuid, { status: next });
    const { lastSyncedAt } = await sendFromPage(options, 'sync.status').then((r) => r.value);
    await sendFromPage(options, 'sync.run', { mode: 'incremental' });
    await waitForSynced(options, 30_000, lastSyncedAt);
    // No reload: the badge follows the cache through the live port.
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe(next);
  });
});

// Last: reloading the extension ends this worker and these pages' extension context.
describe('extension update', () => {
  it('tears the badges down when the extension is reloaded', async () => {
    const job = visible[0]!;
    await page.goto(jobPageUrl(stack, job.uuid));
    await page.locator('main fieldside-badge button.badge').waitFor();
    await options.evaluate(() => (globalThis as unknown as { chrome: { runtime: { reload(): void } } }).chrome.runtime.reload()).catch(() => undefined);
    // The old content script notices its context is gone (WXT's ctx) and removes everything it
    // added, without the page changing; the page's own markup stays.
    await expect.poll(() => page.locator('fieldside-badge').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('main[data-page="job"] td[data-field="status"]').textContent()).toBe(job.status);
  });
});
