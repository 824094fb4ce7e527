import type { Page } from 'playwright-core';
import { launchChromium, type ExtensionBrowser } from './chromium';
import { CHROME_DIR } from './paths';
import type { Stack } from './stack';
import { transitionsDone } from './settle';

// Helpers for the side panel tests: the side panel opened as a page, and the emulator's view of
// "today" for a technician.

/** Chromium with the e2e build; FIELDSIDE_E2E_CHROME_DIR points at another build (local iteration
 * while others rebuild the shared e2e output). */
export function launchForSidePanel(): Promise<ExtensionBrowser> {
  return launchChromium(process.env.FIELDSIDE_E2E_CHROME_DIR ?? CHROME_DIR);
}

export async function openSidePanel(browser: ExtensionBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${browser.id}/sidepanel.html`);
  await page.locator('main#sidepanel[data-signed-in="true"]').waitFor({ timeout: 15_000 });
  return page;
}

/** The staff member's scheduled visits (job activities scheduled in advance) of the account-local
 * today, as the emulator holds them, in time order. `at`: the instant whose day is meant, when the test moved the
 * platform's clock away from the browser's (the emulator's own time otherwise). */
export async function todaysActivities(
  stack: Stack,
  staffUuid: string,
  at?: number,
): Promise<{ date: string; activities: Array<Record<string, unknown>> }> {
  const vendor = (await stack.emulator.control.listRecords(stack.account.uuid, 'vendor'))[0]!;
  const now = at ?? (await stack.emulator.control.now());
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: String(vendor.timezone_name),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const date = parts.slice(0, 10);
  const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1))
    .toISOString()
    .slice(0, 10);
  const from = `${date} 00:00:00`;
  const to = `${next} 00:00:00`;
  const activities = (await stack.emulator.control.listRecords(stack.account.uuid, 'jobactivity'))
    .filter(
      (a) => a.staff_uuid === staffUuid && Number(a.active ?? 1) === 1 && String(a.activity_was_scheduled) === '1',
    )
    .filter((a) => String(a.start_date) < to && String(a.end_date) > from)
    .sort(
      (a, b) =>
        String(a.start_date).localeCompare(String(b.start_date)) || String(a.uuid).localeCompare(String(b.uuid)),
    );
  return { date, activities };
}

/** Presses Tab until `selector` has the focus (keyboard-only use); fails after `max` presses. */
export async function tabTo(page: Page, selector: string, max = 80, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** axe-core's serious and critical violations on the page. Injected by evaluation: the extension
 * page's CSP refuses inline script tags (addScriptTag), and evaluation is not subject to it. */
export async function axeProblems(
  page: Page,
  axeSource: string,
): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  // After a change of colour scheme, colours move for a moment (button transitions): check where they end.
  await transitionsDone(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document) => Promise<any> } }).axe.run(document);
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => n.target.join(' ')) }));
  });
}
