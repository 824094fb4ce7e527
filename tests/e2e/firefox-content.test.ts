// The content script in Firefox ESR (MV2 build, puppeteer-core over WebDriver BiDi): signed in with
// the account's API key (no consent round trip), synced, the emulator's job page gets a job badge in
// a closed shadow root, rendered by the lazily imported UI chunk. The page cannot look into that
// root; the test looks from a content script context of Fieldside's (see insideBadge) and acts as a
// person: a script's click opens nothing, the person's click opens the panel (its own page, in a
// frame of the extension's origin), and the note they type and send with the keyboard reaches the
// platform, while the page's own listeners on window and document hear none of it. Every badge takes
// the same box, for the job and for a number no job has.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { connectFirefox, signInToWebAppFirefox, useApiKeyFirefox } from './support/firefox-pages';
import { BADGE_BOXES, boxesAtInsertion, heard, hostBoxes, HOSTILE_SCRIPT, plant } from './support/hostile-page';
import { startStack, type Stack } from './support/stack';
import { cacheOf, waitForSynced } from './support/sync';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let firefox: FirefoxWithExtension;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  firefox = own(await launchFirefox());
});

type Ext = {
  tabs: {
    query(q: object): Promise<Array<{ id: number; url?: string }>>;
    executeScript(tabId: number, details: { code: string }): Promise<unknown[]>;
  };
};

describe('Firefox content script', () => {
  it('shows the job badge in a job window of the web app, opened and written to by the person only', async () => {
    const { browser, options } = firefox;
    await connectFirefox(options, stack);
    await useApiKeyFirefox(options, stack.account.api_key);
    // The first sync fills the cache the badges read.
    await waitForSynced(options, cacheOf(stack, 'all'), 60_000);

    const job = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).find(
      (j) => j.active === 1 || j.active === true || j.active === '1',
    )!;
    // The web app, signed in as a person does (an administrator: the API key sees the whole account).
    // (Wide enough for the web app's job window, where the badge sits in the title.)
    const page = await signInToWebAppFirefox(browser, stack, stack.administrator.uuid);
    // The page's own script, before the web app's and Fieldside's: it listens to every key and measures every badge.
    await page.evaluateOnNewDocument(HOSTILE_SCRIPT);
    await page.goto(`${stack.emulator.info.web_url}/job/${job.uuid}`);
    // The badge's shadow root is closed: the page sees the host only.
    const inside = <T>(expression: string) => insideBadge<T>(options, stack.emulator.info.web_url, expression);
    const until = async (what: string, check: () => Promise<boolean>) => {
      const deadline = Date.now() + 20_000;
      while (!(await check().catch(() => false))) {
        if (Date.now() > deadline) throw new Error(`Still waiting: ${what}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await until('the badge', async () => (await inside<number>("root.querySelectorAll('button.badge').length")) > 0);
    expect(await page.$eval('.x-window-header fieldside-badge', (host) => [host.shadowRoot, host.textContent])).toEqual(
      [null, ''],
    );
    expect(await page.$$eval('fieldside-badge', (hosts) => hosts.length)).toBe(1);
    // Fieldside itself can look inside (a content script's openOrClosedShadowRoot): the job's status.
    expect(await inside<string>("root.querySelector('button.badge .status').textContent")).toBe(job.status);

    // A script's click opens nothing.
    await page.$eval('.x-window-header fieldside-badge', (host) => (host as HTMLElement).click());
    await new Promise((r) => setTimeout(r, 500));
    expect(await inside<number>("root.querySelectorAll('iframe').length")).toBe(0);

    // The person's click does: the panel's frame, which takes the focus and hands it to its note box
    // (the API key may add notes).
    const box = await page.$eval('.x-window-header fieldside-badge', (host) => {
      const r = host.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    await page.mouse.click(box.x, box.y);
    await until(
      'the panel',
      async () => (await inside<string | null>('root.activeElement?.tagName ?? null')) === 'IFRAME',
    );
    const frame = await until(
      'the panel in its frame',
      async () =>
        (await panelFrame(page)) !== null && (await (await panelFrame(page))!.$('[role="dialog"] textarea')) !== null,
    ).then(async () => (await panelFrame(page))!);
    await until(
      'the note box',
      async () => (await frame.evaluate(() => document.activeElement?.tagName ?? null)) === 'TEXTAREA',
    );
    // The person types a note and sends it with the keyboard: Tab to "Add note", Enter.
    expect(await heard(page)).toEqual([]);
    const text = `Quick note in Firefox ${Date.now()}`;
    await page.keyboard.type(text);
    expect(await frame.$eval('textarea', (t) => (t as HTMLTextAreaElement).value)).toBe(text);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const notesWith = async () =>
      (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text);
    const sent = Date.now() + 20_000;
    while ((await notesWith()).length === 0 && Date.now() < sent) await new Promise((r) => setTimeout(r, 250));
    expect(await notesWith()).toMatchObject([{ related_object: 'job', related_object_uuid: job.uuid }]);
    // None of it reached the page's listeners (they do hear keys typed in the page itself: the control).
    expect(await heard(page)).toEqual([]);
    await page.focus('#job-search-q');
    await page.keyboard.type('z');
    expect(await heard(page)).toContain('keydown (capture) z');

    // A job's badge and a number no job has: the same box, now and when inserted.
    const other = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).find(
      (j) => j.uuid !== job.uuid && (j.active === 1 || j.active === true || j.active === '1'),
    )!;
    await plant(page, [String(other.generated_job_id), '99999991']);
    await until('the planted badges', async () => (await page.$$('.planted fieldside-badge')).length === 2);
    await until('their answers', async () =>
      insideAll<boolean>(
        options,
        stack.emulator.info.web_url,
        '.planted fieldside-badge',
        '!!root.querySelector(\'button.badge .status, button.badge-quiet [data-state="unknown"]\')',
      ).then((all) => all.length === 2 && all.every(Boolean)),
    );
    const seen = await hostBoxes(page);
    expect(new Set(seen.map((line) => line.split(' | ')[0]))).toEqual(new Set([BADGE_BOXES]));
    expect(new Set(seen.slice(1)).size).toBe(1);
    expect(new Set(await boxesAtInsertion(page))).toEqual(new Set([BADGE_BOXES]));
  });
});

/** The quick-note panel's frame in `page` (its own page, quick-note.html), or null. (BiDi may name
 * the frame about:blank: found by its panel.) */
async function panelFrame(page: Page) {
  for (const frame of page.frames())
    if (frame !== page.mainFrame() && (await frame.$('[role="dialog"]').catch(() => null))) return frame;
  return null;
}

/** `expression` in every badge matching `css`, from Fieldside's content-script context (as insideBadge). */
async function insideAll<T>(options: Page, webUrl: string, css: string, expression: string): Promise<T[]> {
  const code = `(() => [...document.querySelectorAll(${JSON.stringify(css)})].map((host) => { const root = host.openOrClosedShadowRoot; return ${expression}; }))()`;
  return inWebAppTab<T[]>(options, webUrl, code);
}

/**
 * Evaluates `expression` inside the job window's badge, as Fieldside's content script sees it: the
 * options page runs it in the web app's tab through tabs.executeScript (a content script context),
 * where Firefox's openOrClosedShadowRoot opens the closed root (`root` in the expression).
 */
async function insideBadge<T>(options: Page, webUrl: string, expression: string): Promise<T> {
  const code = `(() => { const root = document.querySelector('.x-window-header fieldside-badge').openOrClosedShadowRoot; return ${expression}; })()`;
  return inWebAppTab<T>(options, webUrl, code);
}

/** Runs `code` in the web app's tab as a content script (tabs.executeScript from the options page). */
async function inWebAppTab<T>(options: Page, webUrl: string, code: string): Promise<T> {
  return options.evaluate(
    async (c, web) => {
      const ext = (globalThis as unknown as { browser: Ext }).browser;
      const tab = (await ext.tabs.query({})).find((t) => t.url?.startsWith(web));
      if (!tab) throw new Error('No web app tab');
      return (await ext.tabs.executeScript(tab.id, { code: c }))[0];
    },
    code,
    webUrl,
  ) as Promise<T>;
}
