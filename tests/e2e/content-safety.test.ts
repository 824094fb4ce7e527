// The content UI with hostile platform data, its accessibility and its themes, in real Chromium:
// job fields holding markup and script (set through the emulator's control API) are shown as inert
// text in the badge and the quick-note panel; axe-core finds no serious or critical problem in the
// panel, light or dark; the panel follows the system's colour scheme. The badge's shadow root is
// closed, so the tests look into it from Fieldside's own world (support/closed-badges.ts).
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { closedBadges, type BadgeRef, type ClosedBadges } from './support/closed-badges';
import { jobWindowUrl, launchForContent, signInToWebApp } from './support/content-page';
import { signInTechnicianForFieldWork } from './support/field-worker';
import { ROOT } from './support/paths';
import { startStack, type Stack } from './support/stack';
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
let shadow: ClosedBadges;
let jobUuid: string;
let jobNumber: string;
const badge = (): BadgeRef => ({ window: jobNumber });

beforeAll(async () => {
  stack = await startStack({ jobs: 300 });
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
  browser = await launchForContent();
  await signInTechnicianForFieldWork(browser, stack);
  page = await browser.context.newPage();
  shadow = await closedBadges(browser.context, page);
  await signInToWebApp(page, stack);
  page.on('dialog', () => {
    throw new Error('A dialog opened: platform data ran as script');
  });
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function openPanel(): Promise<void> {
  await page.goto(jobWindowUrl(stack, jobUuid));
  await shadow.waitFor(badge(), 'button.badge');
  await shadow.click(badge(), 'button.badge');
  await shadow.waitFor(badge(), '[role="dialog"] li.note');
}

/** Elements of the badge's shadow root that only markup in the data could have made. */
const injected = () => shadow.count(badge(), 'img, script, a, iframe, [onerror]');

/**
 * axe-core cannot enter a closed shadow root, so it checks a copy: the root's markup and styles as
 * rendered (read from Fieldside's world), put into an open shadow root of a host styled like the
 * real one, in the same page with the same colour scheme.
 */
async function runAxe(page: Page): Promise<Array<{ id: string; impact: string | null; nodes: string[] }>> {
  const copy = await shadow.inWorld<{ html: string; hostStyle: string }>(
    `(find, ref) => {
    const root = find(ref, '[role="dialog"]')[0].getRootNode();
    return { html: root.innerHTML, hostStyle: root.host.getAttribute('style') };
  }`,
    badge(),
  );
  expect(copy.html).toContain('role="dialog"');
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ path: resolve(ROOT, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async ({ html, hostStyle }) => {
    const host = document.createElement('div');
    host.id = 'fieldside-axe-copy';
    host.setAttribute('style', hostStyle);
    host.attachShadow({ mode: 'open' }).innerHTML = html;
    document.querySelector('.x-window .x-window-header')!.append(host);
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> }>;
        };
      }
    ).axe;
    try {
      const result = await axe.run({ include: [['#fieldside-axe-copy']] }, { resultTypes: ['violations'] });
      // It did look: rules passed on elements inside the copy's shadow root.
      const inside = (result as unknown as { passes: Array<{ nodes: Array<{ target: unknown[] }> }> }).passes.some(
        (rule) => rule.nodes.some((node) => Array.isArray(node.target[0]) && (node.target[0] as string[]).length > 1),
      );
      if (!inside) throw new Error('axe-core did not reach into the copy of the panel');
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => (n as { html: string }).html),
      }));
    } finally {
      host.remove();
    }
  }, copy);
}

describe('platform data with markup and script', () => {
  it('is shown as inert text in the badge and the quick-note panel', async () => {
    await openPanel();
    expect(await shadow.text(badge(), 'button.badge .status')).toBe(HOSTILE.status);
    expect(await shadow.text(badge(), 'button.badge .tag')).toBe(HOSTILE.badge);
    expect(await shadow.text(badge(), '[role="dialog"] h2')).toBe(`Job #${jobNumber}: notes`);
    await expect.poll(() => shadow.text(badge(), '[role="dialog"] .panel-meta')).toContain(HOSTILE.customer);
    const notes = await shadow.texts(badge(), '[role="dialog"] li.note .note-text');
    expect(notes.filter((t) => t.startsWith('Call first'))).toEqual([HOSTILE.note]);
    expect(await injected()).toBe(0);
    // Nothing ran, in the page or in the content script's world.
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await shadow.inWorld('() => globalThis.__pwned')).toBeUndefined();
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
    const colours = () =>
      shadow.inWorld<{ bg: string; fg: string }>(
        `(find, ref) => {
        const style = getComputedStyle(find(ref, '[role="dialog"]')[0]);
        return { bg: style.backgroundColor, fg: style.color };
      }`,
        badge(),
      );
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
