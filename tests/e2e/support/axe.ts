import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { transitionsDone } from './settle';

// axe-core on a page, in the colour scheme asked for: its serious and critical problems, as
// `rule: element` lines. Injected by evaluation (extension pages' CSP refuses an injected <script>;
// evaluation through the debugger is not a page script).

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Scheme = 'light' | 'dark';

/** `include`: CSS selectors to check (each array a path through shadow roots); the whole page by default. */
export async function axeProblems(page: Page, scheme: Scheme, include?: string[][]): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme });
  if (!(await page.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme))) {
    throw new Error(`The page does not see the ${scheme} colour scheme`);
  }
  // Colours change with a short transition: measure the colours the scheme ends on.
  await transitionsDone(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> };
    const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<Result> } }).axe;
    const { violations } = await axe.run(context ? { include: context } : document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
  }, include ?? null);
}

/** Both schemes: every problem, each line prefixed with its scheme. */
export async function axeProblemsInBothSchemes(page: Page, include?: string[][]): Promise<string[]> {
  const out: string[] = [];
  for (const scheme of ['light', 'dark'] as const) out.push(...(await axeProblems(page, scheme, include)).map((p) => `${scheme} ${p}`));
  return out;
}
