// The content UI with hostile platform data, its accessibility and its themes, in real Chromium:
// job fields holding markup and script (set through the emulator's control API) are shown as inert
// text in the badge and the quick-note panel; axe-core finds no serious or critical problem in the
// panel, light or dark; the panel follows the system's colour scheme.
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFromPage, type ExtensionBrowser } from './support/chromium';
import { badgeOf, jobWindowUrl, launchForContent, signInTechnicianWithNotes, signInToWebApp } from './support/content-page';
import { ROOT } from './support/paths';
import { startStack, type Stack } from './support/stack';
import { waitForSynced } from './support/sync';
import { tokenRgb } from './support/tokens';

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
let jobUuid: string;
let jobNumber: string;

beforeAll(async () => {
  stack = await startStack({ jobs: 300 });
  browser = await launchForContent();
  const options = await signInTechnicianWithNotes(browser, stack);
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
  await control.updateRecord(account, 'job', jobUuid, { status: HOSTILE.status, badges: JSON.stringify([badge.uuid]) }, { raw: true });
  await control.createRecord(account, 'note', { related_object: 'job', related_object_uuid: jobUuid, note: HOSTILE.note });
  const { lastSyncedAt } = (await sendFromPage(options, 'sync.status')).value;
  await sendFromPage(options, 'sync.run', { mode: 'full' });
  await waitForSynced(options, 60_000, lastSyncedAt);
  page = await browser.context.newPage();
  await signInToWebApp(page, stack);
  page.on('dialog', () => {
    throw new Error('A dialog opened: platform data ran as script');
  });
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function openPanel(): Promise<{ badge: Locator; panel: Locator }> {
  await page.goto(jobWindowUrl(stack, jobUuid));
  const badge = badgeOf(page, jobNumber);
  await badge.click();
  const panel = page.locator('fieldside-badge [role="dialog"]');
  await panel.locator('li.note').first().waitFor();
  return { badge, panel };
}

/** Elements of the host's shadow root that only markup in the data could have made. */
const injected = (page: Page) =>
  page.locator('.x-window fieldside-badge').evaluate((host) => host.shadowRoot!.querySelectorAll('img, script, a, iframe, [onerror]').length);

async function runAxe(page: Page): Promise<Array<{ id: string; impact: string | null; nodes: string[] }>> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: resolve(ROOT, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> }> } }).axe;
    // Only Fieldside's UI: the host element and its (open) shadow tree.
    const result = await axe.run({ include: [['.x-window fieldside-badge']] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => (n as { html: string }).html) }));
  });
}

describe('platform data with markup and script', () => {
  it('is shown as inert text in the badge and the quick-note panel', async () => {
    const { badge, panel } = await openPanel();
    expect(await badge.locator('.status').textContent()).toBe(HOSTILE.status);
    expect(await badge.locator('.tag').textContent()).toBe(HOSTILE.badge);
    expect(await panel.locator('h2').textContent()).toBe(`Job #${jobNumber}: notes`);
    expect(await panel.locator('.panel-meta').textContent()).toContain(HOSTILE.customer);
    expect(await panel.locator('li.note .note-text', { hasText: 'Call first' }).textContent()).toBe(HOSTILE.note);
    expect(await injected(page)).toBe(0);
    // Nothing ran, in the page or in the content script's world.
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});

describe('accessibility and themes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`axe-core finds no serious or critical problem in the quick-note panel (${scheme})`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await openPanel();
      const problems = (await runAxe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(problems).toEqual([]);
    });
  }

  it('follows the system colour scheme', async () => {
    const colours = async () =>
      page.locator('fieldside-badge [role="dialog"]').evaluate((el) => {
        const style = getComputedStyle(el);
        return { bg: style.backgroundColor, fg: style.color };
      });
    await page.emulateMedia({ colorScheme: 'light' });
    await openPanel();
    const light = await colours();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await colours();
    expect(light.bg).toBe(tokenRgb('color-surface', 'light'));
    expect(dark.bg).toBe(tokenRgb('color-surface', 'dark'));
    expect(dark.fg).not.toBe(light.fg);
  });
});
