import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { transitionsDone } from './settle';
import type { ExtensionBrowser } from './chromium';

// The quick-search popup (and picker) opened as ordinary extension pages, and what tests read of it.

export interface ShownResult {
  uuid: string;
  text: string;
  marks: string[];
  selected: boolean;
}

/** Opens `popup.html` (or `picker.html`) in a tab and waits until it shows its first state. */
export async function openQuickSearch(
  browser: ExtensionBrowser,
  file: 'popup.html' | 'picker.html' = 'popup.html',
): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${browser.id}/${file}`);
  await page.locator('#job-search, .prompt').first().waitFor();
  return page;
}

export function shownResults(page: Page): Promise<ShownResult[]> {
  return page.locator('#results [role="option"]').evaluateAll((items) =>
    items.map((li) => ({
      uuid: li.getAttribute('data-job-uuid') ?? '',
      text: li.textContent ?? '',
      marks: [...li.querySelectorAll('mark')].map((m) => m.textContent ?? ''),
      selected: li.getAttribute('aria-selected') === 'true',
    })),
  );
}

/** Types a query key by key (clearing the box first) and waits until the results answer it. */
export async function search(page: Page, query: string): Promise<void> {
  await page.locator('#job-search').fill('');
  await page.locator('#job-search').pressSequentially(query, { delay: 10 });
  await page
    .locator(`#results[data-answered="${query.trim().replace(/["\\]/g, '\\$&')}"]`)
    .waitFor({ state: 'attached' });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page, as `id: targets` lines. */
export async function seriousA11yProblems(page: Page): Promise<string[]> {
  // After a change of colour scheme, colours move for a moment (button transitions): check where they end.
  await transitionsDone(page);
  // Extension pages' CSP refuses an inline <script> (addScriptTag); evaluate runs it through the debugger.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}
