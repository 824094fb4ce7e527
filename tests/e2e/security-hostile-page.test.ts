// e2e-messaging-protocol-test: a content script on a hostile page asks the background for jobs and notes past its page's grants, and must be refused; only raw messages from its world can ask.
// A hostile page on a site the person added (a stand-in webmail on 127.0.0.1 whose own scripts are
// the attacker's), in real Chromium with the built extension: it cannot read the badge, cannot click
// or key it into reading notes or adding one, hears none of the keys typed in the quick-note box (its
// own frame, of the extension's origin), cannot use or fake that frame, and cannot list jobs by
// planting numbers (every badge takes the same box) or by asking for jobs it does not show. The
// person, meanwhile, still can do all of it with real clicks and keys.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { closedBadges, type BadgeRef, type ClosedBadges } from './support/closed-badges';
import { launchForContent } from './support/content-page';
import {
  BADGE_BOXES,
  boxesAtInsertion,
  forgetPagesOwn,
  heard,
  hostBoxes,
  HOSTILE_SCRIPT,
  plant,
} from './support/hostile-page';
import { closePanel, focusInFrame, quickNoteFrame, quickNoteFrames } from './support/quick-note-frame';
import { signInTechnicianForFieldWork } from './support/field-worker';
import { sendExpression } from './support/protocol-messages';
import { startStack, type Stack } from './support/stack';
import { cacheOf, cachedJob } from './support/sync';
import { serveLocalPage } from './support/local-page';
import { setUpFile } from '../support/set-up-file';

declare const chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };

/** Numbers no job has, planted first so they spend the page's cap (lib/page-badges/page-grants.ts). */
const JUNK = Array.from({ length: 250 }, (_, i) => String(990_000 + i));

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let mailUrl: string;
let page: Page;
let shadow: ClosedBadges;
/** The job the page mentions, with a badge of the account; another job of the technician's that it does not. */
let shown: { uuid: string; number: string; status: string };
let other: { uuid: string; number: string; status: string };
let third: { uuid: string; number: string };
let planted: string[];
const badge: BadgeRef = { css: '#mention fieldside-badge' };

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  const { control } = stack.emulator;
  const mine = new Set(await control.visibleJobUuids(stack.account.uuid, stack.technician.uuid));
  const jobs = (await control.listRecords(stack.account.uuid, 'job')).filter(
    (j) => mine.has(String(j.uuid)) && Number(j.active) === 1,
  );
  const [a, b, c] = jobs;
  if (!a || !b || !c) throw new Error('The technician needs three jobs');
  const tag = (await control.listRecords(stack.account.uuid, 'badge'))[0]!;
  await control.updateRecord(
    stack.account.uuid,
    'job',
    String(a.uuid),
    { badges: JSON.stringify([tag.uuid]) },
    { raw: true },
  );
  shown = { uuid: String(a.uuid), number: String(a.generated_job_id), status: String(a.status) };
  other = { uuid: String(b.uuid), number: String(b.generated_job_id), status: String(b.status) };
  third = { uuid: String(c.uuid), number: String(c.generated_job_id) };
  planted = jobs.slice(2).map((j) => String(j.generated_job_id));

  browser = own(await launchForContent());
  options = await signInTechnicianForFieldWork(browser, stack);

  // The attacker's page: before any content script runs it hooks attachShadow, and listens to every
  // key and measures every badge host (support/hostile-page.ts); once the badge is there, it plants
  // "Job #N" text for hundreds of numbers to see which get a badge. Its policy allows no frames: the
  // panel's frame, Fieldside's own, opens all the same.
  const mail = own(
    await serveLocalPage(
      `<!doctype html><html lang="en"><head><title>Inbox</title><script>
window.__roots = [];
const attach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) { const root = attach.call(this, init); window.__roots.push(root); return root; };
${HOSTILE_SCRIPT}
</script></head><body><h1>Inbox</h1><label>Search mail <input id="search"></label>
<p id="mention">Re: Job #${shown.number} – the boiler again</p></body></html>`,
      // As strict about frames as a webmail is: none of its own, and nothing else but its own origin.
      { 'content-security-policy': "default-src 'self' 'unsafe-inline'; frame-src 'none'; child-src 'none'" },
    ),
  );
  mailUrl = mail.url;
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

/** Notes the platform holds with this text. */
const notesWith = async (text: string) =>
  (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text);

/** What the page's listeners heard since the last look (and forgets it). */
/** Asks the background as Fieldside's content script itself would (raw, from its world). */
const ask = (type: string, payload: unknown) =>
  shadow.inWorld<{ ok: boolean; value?: any; error?: { name: string } }>(`() => ${sendExpression(type, payload)}`);

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

  it('hears none of the keys typed in the quick-note box, whatever it listens to; the note is sent', async () => {
    // The positive control: the same listeners hear the person type in the page's own search box.
    await page.locator('#search').click();
    await page.keyboard.type('ab');
    // (Leaving the box changes it: its own change event, heard before the panel opens.)
    await page.locator('#search').blur();
    const control = await heard(page);
    for (const event of ['keydown (capture) a', 'keydown b', 'input (capture) b', 'keyup (capture) b'])
      expect(control).toContain(event);

    await shadow.click(badge, 'button.badge');
    const frame = await quickNoteFrame(page);
    await expect.poll(() => focusInFrame(frame)).toBe('textarea');
    await forgetPagesOwn(page);
    const text = `Gate code 4417, ring twice ${Date.now()}`;
    await page.keyboard.type(text);
    // Composed with an input method (composition events), then committed.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'ok', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.insertText', { text: ' okay' });
    await cdp.detach();
    // Cut, copied and pasted with the keyboard.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+X');
    await page.keyboard.press('ControlOrMeta+V');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+C');
    await page.keyboard.press('End');
    const typed = await frame.locator('textarea').inputValue();
    expect(typed).toBe(`${text} okay`);
    expect(await heard(page)).toEqual([]);

    // The person sends it: it reaches the platform as the technician's note, and still nothing was heard.
    await frame.locator('button[type="submit"]').click();
    await expect.poll(() => notesWith(typed), { timeout: 20_000 }).toHaveLength(1);
    expect((await notesWith(typed))[0]).toMatchObject({
      related_object_uuid: shown.uuid,
      edit_by_staff_uuid: stack.technician.uuid,
    });
    await expect.poll(() => frame.locator('li.note', { hasText: typed }).count()).toBe(1);
    expect(await heard(page)).toEqual([]);
    await closePanel(page, frame);
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
        for (const target of [host, atPoint, document.activeElement ?? document.body]) {
          for (const key of ['Enter', ' ']) {
            target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
            target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, composed: true }));
          }
          target.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
          target.dispatchEvent(new SubmitEvent('submit', { bubbles: true, composed: true }));
        }
        // And the panel's frame, which it can count but not enter: a hello of its own, and keys.
        for (let i = 0; i < window.frames.length; i++) {
          const channel = new MessageChannel();
          window.frames[i]!.postMessage({ type: 'fieldside.quickNote', ticket: 'A'.repeat(43) }, '*', [channel.port2]);
          window.frames[i]!.postMessage({ type: 'read' }, '*');
        }
        return atPoint === host;
      });
    // The page's view of the badge is its host, nothing inside.
    expect(await attempt()).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(quickNoteFrames(page)).toBe(0);
    expect(await shadow.attr(badge, 'button.badge', 'aria-expanded')).toBe('false');

    // The person opens the panel and starts a note...
    await shadow.click(badge, 'button.badge');
    const frame = await quickNoteFrame(page);
    await expect.poll(() => focusInFrame(frame)).toBe('textarea');
    const draft = `Draft the page must not send ${Date.now()}`;
    await page.keyboard.insertText(draft);
    // ...and the page tries to send it, with everything it can reach.
    await attempt();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await notesWith(draft)).toEqual([]);
    expect(await frame.locator('textarea').inputValue()).toBe(draft);

    // The person sends it: it reaches the platform as the technician's note.
    await frame.locator('button[type="submit"]').click();
    await expect.poll(() => notesWith(draft), { timeout: 20_000 }).toHaveLength(1);
    await closePanel(page, frame);
  });

  it('acts on nothing but trusted events, even from a script that reaches the buttons themselves', async () => {
    // Fieldside's own world can reach inside the badge (an open shadow root would have let the page):
    // its synthetic clicks and keys are still not the person's.
    await shadow.inWorld(
      `(find, ref) => {
      const button = find(ref, 'button.badge')[0];
      button.click();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }`,
      badge,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(quickNoteFrames(page)).toBe(0);

    // Inside the panel's own page, a script's click and submit send nothing either.
    await shadow.click(badge, 'button.badge');
    const frame = await quickNoteFrame(page);
    await expect.poll(() => focusInFrame(frame)).toBe('textarea');
    const text = `Sent by a script ${Date.now()}`;
    await page.keyboard.insertText(text);
    await frame.evaluate(() => {
      (document.querySelector('button[type="submit"]') as HTMLButtonElement).click();
      document.querySelector('form')!.requestSubmit();
    });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await notesWith(text)).toEqual([]);
    await closePanel(page, frame);
  });

  it("cannot open the quick-note page by itself, nor reach the panel's frame; a frame navigated away closes", async () => {
    // Framed by the page at the extension's fixed address (the per-session one is never its to know),
    // with a hello of its own: Chrome does not load it there, and nothing answers.
    const answered = await page.evaluate(async (id) => {
      const frame = document.createElement('iframe');
      frame.src = `chrome-extension://${id}/quick-note.html`;
      document.body.append(frame);
      await new Promise((r) => setTimeout(r, 1_000));
      const channel = new MessageChannel();
      const replies: unknown[] = [];
      channel.port1.onmessage = (event) => replies.push(event.data);
      frame.contentWindow!.postMessage({ type: 'fieldside.quickNote', ticket: 'A'.repeat(43) }, '*', [channel.port2]);
      await new Promise((r) => setTimeout(r, 1_000));
      frame.remove();
      return replies;
    }, browser.id);
    expect(answered).toEqual([]);

    // The person's panel is out of the page's reach: a frame inside a closed shadow root is not among
    // the page's window.frames, so the page can neither post to it nor navigate it.
    await shadow.click(badge, 'button.badge');
    const frame = await quickNoteFrame(page);
    expect(await page.evaluate(() => [window.frames.length, document.querySelectorAll('iframe').length])).toEqual([
      0, 0,
    ]);
    // Were it navigated all the same (by the browser, another extension): closed at once, never
    // showing what was put there.
    await frame.goto(`${mailUrl}?not-fieldside`).catch(() => undefined);
    await shadow.waitFor(badge, 'iframe', { gone: true });
    expect(quickNoteFrames(page)).toBe(0);
    expect(await shadow.attr(badge, 'button.badge', 'aria-expanded')).toBe('false');
  });

  it('shows the status only: no badge names, and the customer only in the panel the person opened', async () => {
    // The job has a badge in Fieldside's cache (the positive control).
    expect((await cachedJob(options, cacheOf(stack, stack.technician.uuid), shown.uuid))?.badges).toHaveLength(1);
    expect(await shadow.count(badge, 'button.badge .tag')).toBe(0);
    expect(await shadow.text(badge, 'button.badge .status')).toBe(shown.status);
  });

  it('cannot list jobs it does not show by asking, nor read or add notes from the content world', async () => {
    // Asking as Fieldside's content script itself would: for a job not on the page, by uuid.
    expect(await ask('content.jobs', { uuids: [other.uuid], numbers: [] })).toEqual({
      ok: true,
      value: { jobs: [], signedIn: true },
    });
    expect(await ask('content.openNotes', { jobUuid: other.uuid })).toMatchObject({
      ok: false,
      error: { name: 'NotOnThisPageError' },
    });
    // Notes are the quick-note frame's to read and add, with its ticket: never the content script's.
    const planted1 = `Planted from the content world ${Date.now()}`;
    for (const [type, payload] of [
      ['quickNote.open', { ticket: 'A'.repeat(43) }],
      ['quickNote.add', { ticket: 'A'.repeat(43), text: planted1 }],
    ] as const)
      expect(await ask(type, payload)).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
    for (const [type, payload] of [
      ['content.notes', { jobUuid: shown.uuid }],
      ['content.addNote', { jobUuid: shown.uuid, text: planted1 }],
    ] as const)
      expect(await ask(type, payload)).toMatchObject({ ok: false, error: { name: 'InvalidMessageError' } });
    // Even with a ticket of its own (the person opened the panel): the frame's, not the content world's.
    const { value } = await ask('content.openNotes', { jobUuid: shown.uuid });
    expect(await ask('quickNote.add', { ticket: value.ticket, text: planted1 })).toMatchObject({
      ok: false,
      error: { name: 'ForbiddenSenderError' },
    });
    expect(await notesWith(planted1)).toEqual([]);
  });

  it('gives a job that exists and a number that does not the same box, whatever it writes on them', async () => {
    await plant(page, [other.number, '99999991']);
    const planted = { css: '.planted fieldside-badge' };
    // Fieldside's own view: the job's status beside its number, "Not found" beside the other.
    await expect
      .poll(() => shadow.texts(planted, 'button.badge .status, button.badge-quiet .says'), { timeout: 15_000 })
      .toEqual([other.status, 'Not found']);
    const seen = await hostBoxes(page);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]!.startsWith(`${BADGE_BOXES} |`)).toBe(true);
    // The same when each was inserted, before Fieldside knew anything.
    expect(new Set(await boxesAtInsertion(page))).toEqual(new Set([BADGE_BOXES]));
    // The page's own styles, however strong, do not unfix the box.
    await page.addStyleTag({
      content:
        'fieldside-badge { width: auto !important; height: auto !important; display: inline !important; contain: none !important; overflow: visible !important; padding: 0 !important; }',
    });
    await page.evaluate(() =>
      document
        .querySelectorAll('fieldside-badge')
        .forEach((host) => (host as HTMLElement).style.setProperty('width', 'max-content', 'important')),
    );
    const styled = await hostBoxes(page);
    expect(new Set(styled.map((line) => line.split(' |')[0]))).toEqual(new Set([BADGE_BOXES]));
  });

  it('cannot list jobs by planting hundreds of numbers: every badge takes the same room', async () => {
    await plant(page, [...JUNK, ...planted]);
    const hosts = page.locator('.planted fieldside-badge');
    await expect.poll(() => hosts.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(200);
    // Fieldside's own view: once every badge was answered, none beyond the page's cap is a job's.
    await expect
      .poll(() => shadow.count({ css: '.planted fieldside-badge' }, '.says[data-state="loading"]'), {
        timeout: 15_000,
      })
      .toBe(0);
    expect(await shadow.count({ css: '.planted fieldside-badge' }, 'button.badge')).toBe(1);
    const sizes = await hosts.evaluateAll((all) =>
      all.map((h) => `${h.getBoundingClientRect().width} ${h.getBoundingClientRect().height}`),
    );
    expect(new Set(sizes)).toEqual(new Set([BADGE_BOXES.split(' ').slice(0, 2).join(' ')]));
    // And the cap is spent: a third job's number, asked for directly, is not answered.
    expect(await ask('content.jobs', { uuids: [], numbers: [third.number] })).toEqual({
      ok: true,
      value: { jobs: [], signedIn: true },
    });
  });
});
