// e2e-messaging-protocol-test: a content script on a hostile page asks the background for jobs and notes past its page's grants, and must be refused; only raw messages from its world can ask.
// A hostile page on a site the person added (a stand-in webmail on 127.0.0.1 whose own scripts are
// the attacker's), in real Chromium with the built extension: it cannot read the badge, cannot click
// or key it into reading notes or adding one, and cannot list jobs by planting numbers or by asking
// for jobs it does not show. The person, meanwhile, still can do all of it with real clicks and keys.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { closedBadges, type BadgeRef, type ClosedBadges } from './support/closed-badges';
import { launchForContent } from './support/content-page';
import { signInTechnicianForFieldWork } from './support/field-worker';
import { sendExpression } from './support/protocol-messages';
import { startStack, type Stack } from './support/stack';
import { cacheOf, cachedJob } from './support/sync';

declare const chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };

/** Numbers no job has, planted first so they spend the page's cap (lib/page-badges/page-grants.ts). */
const JUNK = Array.from({ length: 250 }, (_, i) => String(990_000 + i));

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let mail: Server;
let mailUrl: string;
let page: Page;
let shadow: ClosedBadges;
/** The job the page mentions, with a badge of the account; another job of the technician's that it does not. */
let shown: { uuid: string; number: string; status: string };
let other: { uuid: string; number: string };
let planted: string[];
const badge: BadgeRef = { css: '#mention fieldside-badge' };

beforeAll(async () => {
  stack = await startStack({ jobs: 300 });
  const { control } = stack.emulator;
  const mine = new Set(await control.visibleJobUuids(stack.account.uuid, stack.technician.uuid));
  const jobs = (await control.listRecords(stack.account.uuid, 'job')).filter(
    (j) => mine.has(String(j.uuid)) && Number(j.active) === 1,
  );
  const [a, b] = jobs;
  if (!a || !b) throw new Error('The technician needs two jobs');
  const tag = (await control.listRecords(stack.account.uuid, 'badge'))[0]!;
  await control.updateRecord(
    stack.account.uuid,
    'job',
    String(a.uuid),
    { badges: JSON.stringify([tag.uuid]) },
    { raw: true },
  );
  shown = { uuid: String(a.uuid), number: String(a.generated_job_id), status: String(a.status) };
  other = { uuid: String(b.uuid), number: String(b.generated_job_id) };
  planted = [...JUNK, ...jobs.slice(1).map((j) => String(j.generated_job_id))];

  browser = await launchForContent();
  options = await signInTechnicianForFieldWork(browser, stack);

  // The attacker's page: it hooks attachShadow before any content script runs, and once the badge
  // is there, plants "Job #N" text for hundreds of numbers to see which get a badge.
  mail = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><title>Inbox</title><script>
window.__roots = [];
const attach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) { const root = attach.call(this, init); window.__roots.push(root); return root; };
window.__plant = (numbers) => {
  const box = document.createElement('div');
  box.id = 'planted';
  for (const n of numbers) { const p = document.createElement('p'); p.textContent = 'About Job #' + n + ' again'; box.append(p); }
  document.body.append(box);
};
</script></head><body><h1>Inbox</h1><p id="mention">Re: Job #${shown.number} – the boiler again</p></body></html>`);
  });
  await new Promise<void>((resolve) => mail.listen(0, '127.0.0.1', resolve));
  mailUrl = `http://127.0.0.1:${(mail.address() as AddressInfo).port}/inbox`;
  // Added as a site (the options' "Add site" asks for a permission headless Chromium cannot grant;
  // the development build holds http://127.0.0.1/* already).
  await options.evaluate(() => chrome.storage.local.set({ contentSites: ['http://127.0.0.1/*'] }));
  page = await browser.context.newPage();
  // The sites script is registered a moment after the list changes: reload until it runs.
  const deadline = Date.now() + 15_000;
  for (;;) {
    await page.goto(mailUrl);
    if (
      await page
        .locator('#mention fieldside-badge')
        .waitFor({ timeout: 1_500 })
        .then(
          () => true,
          () => false,
        )
    )
      break;
    if (Date.now() > deadline) throw new Error('The sites script never ran on the added site');
  }
  shadow = await closedBadges(browser.context, page);
  await shadow.waitFor(badge, 'button.badge');
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await new Promise((r) => mail?.close(r));
});

/** Notes the platform holds with this text. */
const notesWith = async (text: string) =>
  (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text);

describe('a hostile page on an added site', () => {
  it('cannot read the badge: a closed shadow root, which its own hook never saw', async () => {
    // Fieldside shows the job's status there (read from its own world: the positive control).
    expect(await shadow.text(badge, 'button.badge .status')).toBe(shown.status);
    const seen = await page.evaluate(() => {
      const host = document.querySelector('#mention fieldside-badge')!;
      document.execCommand('selectAll');
      return {
        shadowRoot: host.shadowRoot,
        hooked: (window as unknown as { __roots: unknown[] }).__roots.length,
        hostText: host.textContent,
        hostHtml: host.innerHTML,
        bodyText: document.body.innerText,
        selection: String(getSelection()),
        buttons: document.querySelectorAll('button, .status').length,
      };
    });
    expect(seen).toMatchObject({ shadowRoot: null, hooked: 0, hostText: '', hostHtml: '', buttons: 0 });
    for (const text of [seen.bodyText, seen.selection]) {
      expect(text).toContain(`Job #${shown.number}`);
      expect(text).not.toContain(shown.status);
      expect(text).not.toContain('Fieldside');
    }
  });

  it('cannot click or key it open, nor send what the person typed; the person can', async () => {
    const attempt = () =>
      page.evaluate(() => {
        const host = document.querySelector('#mention fieldside-badge') as HTMLElement;
        const rect = host.getBoundingClientRect();
        const atPoint = document.elementFromPoint(
          rect.left + rect.width / 2,
          rect.top + rect.height / 2,
        ) as HTMLElement;
        host.click();
        atPoint.click();
        // Whatever it can reach inside (nothing, while the root is closed).
        const inside = host.shadowRoot;
        inside?.querySelectorAll('button').forEach((button) => button.click());
        inside?.querySelector('form')?.requestSubmit();
        for (const target of [host, atPoint, document.activeElement ?? document.body]) {
          for (const key of ['Enter', ' ']) {
            target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
            target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, composed: true }));
          }
          target.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
          target.dispatchEvent(new SubmitEvent('submit', { bubbles: true, composed: true }));
        }
        return atPoint === host;
      });
    // The page's view of the badge is its host, nothing inside.
    expect(await attempt()).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await shadow.count(badge, '[role="dialog"]')).toBe(0);
    expect(await shadow.attr(badge, 'button.badge', 'aria-expanded')).toBe('false');

    // The person opens the panel and starts a note...
    await shadow.click(badge, 'button.badge');
    await shadow.waitFor(badge, '[role="dialog"] textarea');
    await expect.poll(() => shadow.focused()).toEqual({ host: 'fieldside-badge', inner: 'textarea' });
    const draft = `Draft the page must not send ${Date.now()}`;
    await page.keyboard.insertText(draft);
    // ...and the page tries to send it, with everything it can reach.
    await attempt();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await notesWith(draft)).toEqual([]);
    expect(await shadow.inWorld<string>('(find, ref) => find(ref, "textarea")[0].value', badge)).toBe(draft);

    // The person sends it: it reaches the platform as the technician's note.
    await shadow.click(badge, '[role="dialog"] button[type="submit"]');
    await expect.poll(() => notesWith(draft), { timeout: 20_000 }).toHaveLength(1);
    expect((await notesWith(draft))[0]).toMatchObject({
      related_object_uuid: shown.uuid,
      edit_by_staff_uuid: stack.technician.uuid,
    });
    await shadow.click(badge, '[role="dialog"] button.close');
    await shadow.waitFor(badge, '[role="dialog"]', { gone: true });
  });

  it('acts on nothing but trusted events, even from a script that reaches the button itself', async () => {
    // Fieldside's own world can reach inside (an open shadow root would have let the page): its
    // synthetic clicks and keys are still not the person's.
    await shadow.inWorld(
      `(find, ref) => {
      const button = find(ref, 'button.badge')[0];
      button.click();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }`,
      badge,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await shadow.count(badge, '[role="dialog"]')).toBe(0);

    await shadow.click(badge, 'button.badge');
    await shadow.waitFor(badge, '[role="dialog"] textarea');
    const text = `Sent by a script ${Date.now()}`;
    await page.keyboard.insertText(text);
    await shadow.inWorld(
      `(find, ref) => {
      find(ref, '[role="dialog"] button[type="submit"]')[0].click();
      find(ref, '[role="dialog"] form')[0].requestSubmit();
    }`,
      badge,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await notesWith(text)).toEqual([]);
    await shadow.click(badge, '[role="dialog"] button.close');
    await shadow.waitFor(badge, '[role="dialog"]', { gone: true });
  });

  it('shows the status only: no badge names, and the customer only in the panel the person opened', async () => {
    // The job has a badge in Fieldside's cache (the positive control).
    expect((await cachedJob(options, cacheOf(stack, stack.technician.uuid), shown.uuid))?.badges).toHaveLength(1);
    expect(await shadow.count(badge, 'button.badge .tag')).toBe(0);
    expect(await shadow.text(badge, 'button.badge .status')).toBe(shown.status);
  });

  it('cannot list jobs it does not show, by asking or by planting numbers', async () => {
    // Asking as Fieldside's content script itself would: for a job not on the page, by uuid.
    const ask = (type: string, payload: unknown) =>
      shadow.inWorld<{ ok: boolean; value?: any; error?: { name: string } }>(`() => ${sendExpression(type, payload)}`);
    expect(await ask('content.jobs', { uuids: [other.uuid], numbers: [] })).toEqual({ ok: true, value: { jobs: [] } });
    expect(await ask('content.notes', { jobUuid: other.uuid })).toMatchObject({
      ok: false,
      error: { name: 'NotOnThisPageError' },
    });
    const planted1 = `Planted on a job not shown ${Date.now()}`;
    expect(await ask('content.addNote', { jobUuid: other.uuid, text: planted1 })).toMatchObject({
      ok: false,
      error: { name: 'NotOnThisPageError' },
    });

    // Planting: hundreds of numbers on the page, then looking which got a badge (a badge takes room).
    await page.evaluate((numbers) => (window as unknown as { __plant(n: string[]): void }).__plant(numbers), planted);
    await expect
      .poll(() => page.locator('#planted fieldside-badge').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(200);
    await new Promise((r) => setTimeout(r, 3_000));
    const widths = await page
      .locator('#planted fieldside-badge')
      .evaluateAll((hosts) => hosts.map((h) => h.getBoundingClientRect().width));
    expect(widths.filter((w) => w > 0)).toEqual([]);
    // Fieldside's own view agrees: no job beyond the page's cap was answered.
    expect(await shadow.count({ css: '#planted fieldside-badge' }, 'button.badge')).toBe(0);
    // And the cap is spent: even the other job's number, asked for directly, is not answered.
    expect(await ask('content.jobs', { uuids: [], numbers: [other.number] })).toEqual({
      ok: true,
      value: { jobs: [] },
    });
    expect(await notesWith(planted1)).toEqual([]);
  });
});
