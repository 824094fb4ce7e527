// Every surface of Fieldside, in light and dark, against axe-core in real Chromium: the first-run
// page (at its start with "Advanced" and the API key open, asking who you are, done), the options page
// (signed out, signed in), the popup (jobs, results, nothing found, offline, signed out), the side
// panel (the day, a job, a note the platform refused with its details open, an empty day, offline,
// signed out), the picker, and the badge with its quick-note panel on the web app's job window. No
// serious or critical problem anywhere. And focus is visible on every control the Tab key reaches.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeProblemsInBothSchemes,
  badgeAxeProblemsInBothSchemes,
  quickNoteAxeProblemsInBothSchemes,
} from './support/axe';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { closedBadges, type BadgeRef } from './support/closed-badges';
import { jobWindowUrl, signInToWebApp } from './support/content-page';
import { arrangeFieldDay, signInFieldWorker, type FieldDay } from './support/field-worker';
import { ALLOW_BUTTONS, allowOnConsentPage } from './support/grant-feature';
import { firstRunPage } from './support/first-hour';
import { connect } from './support/options-page';
import { openQuickSearch, search } from './support/popup-page';
import { quickNoteFrame } from './support/quick-note-frame';
import { openSidePanel } from './support/sidepanel-page';
import { startStack, type Stack } from './support/stack';
import { tokenRgb } from './support/tokens';
import { invisibleFocus } from './support/visible-focus';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let day: FieldDay;
let welcome: Page;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  browser = own(await launchChromium());
  options = await browser.openOptions();
});

const openJob = async (panel: Page, uuid: string) => {
  await panel.locator(`li.visit[data-job-uuid="${uuid}"] .job-open`).click();
  await panel.locator(`article#job[data-job-uuid="${uuid}"] li.note`).first().waitFor({ timeout: 20_000 });
};

describe('signed out, then signed in as a technician', () => {
  it('the first-run page the install opened, its "Advanced" connection and the API key open', async () => {
    welcome = await firstRunPage(browser.context);
    await welcome.locator('#step-connect[data-state="current"]').waitFor();
    await welcome.getByText('Advanced: where Fieldside connects').click();
    await welcome.getByText('Use an API key instead (a private app of your business)').click();
    expect(await axeProblemsInBothSchemes(welcome)).toEqual([]);
  });

  it('the options page, signed out, its advanced connection settings open', async () => {
    await options.getByText('Advanced: where Fieldside connects').click();
    expect(await axeProblemsInBothSchemes(options)).toEqual([]);
    await options.reload(); // closed again: connect() opens it
    await connect(options, stack);
  });

  it('the options page, signed in', async () => {
    // The office arranges the day before the technician starts it (the side panel keeps contacts it read).
    day = await arrangeFieldDay(stack);
    // What sign-in allows (search, the day, notes), for now: changing badges waits for its own "Allow".
    // While "who are you" waits: the first-run page's searchable staff list.
    await signInFieldWorker(browser, options, stack, {
      allowBadges: false,
      whileAsked: async () => {
        await welcome.bringToFront();
        await welcome.reload();
        await welcome.getByLabel('Find your name').fill('tech');
        expect(await axeProblemsInBothSchemes(welcome)).toEqual([]);
      },
    });
    // A technician's page: who they are, what Fieldside may do for them (its details for support open).
    await options.locator('#access-heading').waitFor();
    await options.locator('section[aria-labelledby="access-heading"] summary').click();
    expect(await axeProblemsInBothSchemes(options)).toEqual([]);
  });
});

describe('the popup', () => {
  it("today's jobs, results with marked matches, and nothing found", async () => {
    const popup = await openQuickSearch(browser);
    await popup.locator('#results[data-answered=""] [role="option"]').first().waitFor();
    expect(await axeProblemsInBothSchemes(popup)).toEqual([]);
    await search(popup, day.job.number.slice(0, 2));
    await popup.keyboard.press('ArrowDown');
    expect(await axeProblemsInBothSchemes(popup)).toEqual([]);
    await search(popup, 'qqzx');
    await popup.locator('.quick-search .empty').waitFor();
    expect(await axeProblemsInBothSchemes(popup)).toEqual([]);
    await popup.close();
  });

  it('offline', async () => {
    await browser.context.setOffline(true);
    try {
      const popup = await openQuickSearch(browser);
      await popup.locator('#sync-line[data-offline="true"]').waitFor();
      expect(await axeProblemsInBothSchemes(popup)).toEqual([]);
      await popup.close();
    } finally {
      await browser.context.setOffline(false);
    }
  });
});

describe('the side panel', () => {
  it('a job whose badges Fieldside may not change yet: it offers to allow that, then the badges to toggle', async () => {
    const panel = await openSidePanel(browser);
    await panel.locator(`li.visit[data-job-uuid="${day.job.uuid}"] .job-open`).click();
    await panel.locator(`article#job[data-job-uuid="${day.job.uuid}"] li.note`).first().waitFor({ timeout: 20_000 });
    const allow = panel.getByRole('button', { name: ALLOW_BUTTONS.badges });
    await allow.waitFor();
    expect(await axeProblemsInBothSchemes(panel)).toEqual([]);
    await allowOnConsentPage(browser, stack, stack.technician.uuid, () => allow.click());
    await panel.locator('button.badge-toggle').first().waitFor({ timeout: 20_000 });
    await panel.close();
  });

  it('the day, and a job with notes, contacts and badges', async () => {
    const panel = await openSidePanel(browser);
    await panel.locator('li.visit').first().waitFor({ timeout: 20_000 });
    expect(await axeProblemsInBothSchemes(panel)).toEqual([]);
    await openJob(panel, day.job.uuid);
    expect(await axeProblemsInBothSchemes(panel)).toEqual([]);
    await panel.close();
  });

  it('a note the platform refused, its details for support open', async () => {
    const panel = await openSidePanel(browser);
    await openJob(panel, day.job.uuid);
    await stack.emulator.control.injectFault({
      kind: 'status',
      status: 400,
      pathPrefix: '/api_1.0/note.json',
      count: 1,
    });
    try {
      await panel.getByLabel('New note').fill('Refused by the platform');
      await panel.getByRole('button', { name: 'Add note' }).click();
      const failed = panel.locator('li.note[data-state="failed"]');
      await failed.locator('.problem').waitFor({ timeout: 30_000 });
      // What went wrong in words; the request line and the status only for support.
      expect(await failed.innerText()).toContain('The platform refused this note.');
      expect(await failed.innerText()).not.toMatch(/\bPOST\b|\/api_|\b400\b/);
      await failed.getByText('Details for support').click();
      expect(await failed.locator('.support-details').innerText()).toContain('POST /api_1.0/note.json: 400');
      expect(await axeProblemsInBothSchemes(panel)).toEqual([]);
      await failed.getByRole('button', { name: 'Discard' }).click();
      await failed.waitFor({ state: 'detached' });
    } finally {
      await stack.emulator.control.clearFaults();
    }
    await panel.close();
  });

  it('an empty day, then the kept day offline', async () => {
    const panel = await openSidePanel(browser);
    await panel.locator('li.visit').first().waitFor({ timeout: 20_000 });
    await panel.locator('#day-date').fill(`${Number(day.today.slice(0, 4)) - 2}${day.today.slice(4)}`);
    await panel.locator('#day-empty').waitFor({ timeout: 20_000 });
    expect(await axeProblemsInBothSchemes(panel)).toEqual([]);
    await stack.emulator.control.injectFault({ kind: 'status', status: 503, rate: 1 });
    try {
      await panel.getByRole('button', { name: 'Today' }).click();
      await panel.locator('#day-offline').waitFor({ timeout: 60_000 });
      expect(await axeProblemsInBothSchemes(panel)).toEqual([]);
    } finally {
      await stack.emulator.control.clearFaults();
    }
    await panel.close();
  });
});

describe('the picker and the web app', () => {
  it('the picker, with the selected text and the job chosen', async () => {
    const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/picker.html') });
    // The context-menu click, as Chromium delivers it to the worker (a person right-clicking a selection).
    const worker = await browser.worker();
    await worker.evaluate(() => {
      const menus = (
        globalThis as unknown as { chrome: { contextMenus: { onClicked: { dispatch(info: unknown): void } } } }
      ).chrome.contextMenus;
      menus.onClicked.dispatch({
        menuItemId: 'fieldside-add-selection-note',
        selectionText: 'Leaking hot water unit',
        editable: false,
        pageUrl: 'https://example.com/',
      });
    });
    const picker = await opened;
    await picker.locator('#selection').waitFor();
    await search(picker, day.job.number);
    await picker.keyboard.press('Enter');
    await picker.locator('#add-note:not([disabled])').waitFor();
    expect(await axeProblemsInBothSchemes(picker)).toEqual([]);
    await picker.close();
  });

  it("the badge and the quick-note panel in the web app's job window", async () => {
    const page = await browser.context.newPage();
    const shadow = await closedBadges(browser.context, page);
    const badge: BadgeRef = { window: day.job.number };
    await signInToWebApp(page, stack);
    await page.goto(jobWindowUrl(stack, day.job.uuid));
    await shadow.waitFor(badge, 'button.badge .status', { timeout: 20_000 });
    expect(await badgeAxeProblemsInBothSchemes(page, shadow, badge)).toEqual([]);
    await shadow.click(badge, 'button.badge');
    const frame = await quickNoteFrame(page);
    await frame.locator('[role="dialog"] li.note').first().waitFor({ timeout: 10_000 });
    expect(await badgeAxeProblemsInBothSchemes(page, shadow, badge)).toEqual([]);
    expect(await quickNoteAxeProblemsInBothSchemes(page, frame)).toEqual([]);

    // Whole and in view: the job window (which clips what overflows it) does not cut the panel's frame off.
    const box = await shadow.inWorld<{ x: number; y: number; width: number; height: number }>(
      `(find, ref) => { const r = find(ref, 'iframe.panel-frame')[0].getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }`,
      badge,
    );
    const viewport = page.viewportSize()!;
    expect(
      box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height,
    ).toBe(true);
    // The frame is the panel's height (or the room there is, and the panel scrolls): no blank band under it.
    const [frameHeight, panelBottom] = await frame.evaluate(() => [
      innerHeight,
      document.querySelector('[role="dialog"]')!.getBoundingClientRect().bottom,
    ]);
    expect(panelBottom).toBeGreaterThanOrEqual(frameHeight! - 1);
    const corners = [
      [box.x + 4, box.y + 4],
      [box.x + box.width - 4, box.y + 4],
      [box.x + 4, box.y + box.height - 4],
      [box.x + box.width - 4, box.y + box.height - 4],
    ];
    const onTop = await page.evaluate(
      (points) => points.map(([x, y]) => document.elementFromPoint(x!, y!)?.tagName.toLowerCase()),
      corners,
    );
    expect(onTop).toEqual(['fieldside-badge', 'fieldside-badge', 'fieldside-badge', 'fieldside-badge']);

    // The design system's tokens: a page naming its custom properties as ours, on every element, changes
    // nothing in the panel nor the badge; and none of ours is declared on the page's own elements.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addStyleTag({
      content: '* { --color-surface: rgb(255, 0, 0) !important; --color-text: rgb(0, 128, 0) !important; }',
    });
    const shown = await frame.locator('[role="dialog"]').evaluate((panel) => {
      const style = getComputedStyle(panel);
      return { bg: style.backgroundColor, fg: style.color };
    });
    expect(shown).toEqual({ bg: tokenRgb('color-surface', 'light'), fg: tokenRgb('color-text', 'light') });
    // (The mouse away from the badge, once its hover colour has faded.)
    await page.mouse.move(1, 1);
    await expect
      .poll(() =>
        shadow.inWorld<string>(`(find, ref) => getComputedStyle(find(ref, 'button.badge')[0]).backgroundColor`, badge),
      )
      .toBe(tokenRgb('color-surface', 'light'));
    const leaked = await page.evaluate(() =>
      ['--color-accent', '--font-sans', '--space-2'].filter(
        (name) => getComputedStyle(document.body).getPropertyValue(name) !== '',
      ),
    );
    expect(leaked).toEqual([]);
    await page.close();
  });
});

describe('focus', () => {
  it('is visible on every control the Tab key reaches: options, popup, side panel day and job', async () => {
    const popup = await openQuickSearch(browser);
    await popup.locator('#results [role="option"]').first().waitFor();
    const panel = await openSidePanel(browser);
    await panel.locator('li.visit').first().waitFor({ timeout: 20_000 });
    const missing = [
      ...(await invisibleFocus(options)),
      ...(await invisibleFocus(popup)),
      ...(await invisibleFocus(panel)),
    ];
    await openJob(panel, day.job.uuid);
    missing.push(...(await invisibleFocus(panel)));
    expect(missing).toEqual([]);
    await popup.close();
    await panel.close();
  });
});

describe('the first-run page, done', () => {
  it('says how to find a job from now on', async () => {
    await welcome.bringToFront();
    await welcome.reload();
    await welcome.getByRole('button', { name: 'Open my day in the side panel' }).click();
    await welcome.locator('#welcome-done').waitFor();
    expect(await axeProblemsInBothSchemes(welcome)).toEqual([]);
    expect(await invisibleFocus(welcome)).toEqual([]);
  });
});

describe('signed out', () => {
  it('the popup and the side panel say what to do', async () => {
    await options.bringToFront();
    await options.getByRole('button', { name: 'Sign out' }).click();
    await options.locator('#session-state[data-state="signed_out"]').waitFor();
    const popup = await openQuickSearch(browser);
    await popup.locator('.prompt[data-state="signed_out"]').waitFor();
    expect(await axeProblemsInBothSchemes(popup)).toEqual([]);
    const panel = await browser.context.newPage();
    await panel.goto(`chrome-extension://${browser.id}/sidepanel.html`);
    await panel.locator('#signed-out').waitFor();
    expect(await axeProblemsInBothSchemes(panel)).toEqual([]);
  });
});
