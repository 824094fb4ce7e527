import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import type { BadgeRef, ClosedBadges } from './closed-badges';
import { transitionsDone } from './settle';

// axe-core on a page, in the colour scheme asked for: its serious and critical problems, as
// `rule: element` lines. Injected by evaluation (extension pages' CSP refuses an injected <script>;
// evaluation through the debugger is not a page script).

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Scheme = 'light' | 'dark';

/** `include`: CSS selectors to check (each array a path through shadow roots); the whole page by default.
 * `where`: one of the page's frames (the quick-note panel's), the page itself by default. */
export async function axeProblems(
  page: Page,
  scheme: Scheme,
  include?: string[][],
  where: Frame = page.mainFrame(),
): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme });
  if (!(await where.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme))) {
    throw new Error(`The page does not see the ${scheme} colour scheme`);
  }
  // Colours change with a short transition: measure the colours the scheme ends on.
  await transitionsDone(where);
  if (!(await where.evaluate(() => 'axe' in window))) await where.evaluate(axeSource);
  return where.evaluate(async (context) => {
    type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> };
    const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<Result> } }).axe;
    const { violations } = await axe.run(context ? { include: context } : document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
  }, include ?? null);
}

/** Both schemes: every problem, each line prefixed with its scheme. */
export async function axeProblemsInBothSchemes(page: Page, include?: string[][], where?: Frame): Promise<string[]> {
  const out: string[] = [];
  for (const scheme of ['light', 'dark'] as const)
    out.push(...(await axeProblems(page, scheme, include, where)).map((p) => `${scheme} ${p}`));
  return out;
}

/**
 * A badge (and its open panel's frame) in both schemes. axe-core cannot enter the badge's closed shadow root,
 * so it checks a copy: the root's markup and stylesheet as rendered (read from Fieldside's world),
 * in an open shadow root of a host styled like the real one, beside it in the same page.
 */
export async function badgeAxeProblemsInBothSchemes(
  page: Page,
  shadow: ClosedBadges,
  ref: BadgeRef,
): Promise<string[]> {
  const copy = await shadow.inWorld<{ html: string; hostStyle: string }>(
    `(find, ref) => {
      const root = find(ref, 'button.badge, button.badge-quiet')[0].getRootNode();
      return { html: root.innerHTML, hostStyle: root.host.getAttribute('style') ?? '' };
    }`,
    ref,
  );
  await page.evaluate(({ html, hostStyle }) => {
    const host = document.createElement('div');
    host.id = 'fieldside-axe-copy';
    host.setAttribute('style', hostStyle);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = html;
    // The panel's frame is a page of its own (quickNoteAxeProblemsInBothSchemes checks it): the copy
    // keeps the frame element (its title, what the badge says it controls), not its page.
    root.querySelectorAll('iframe').forEach((frame) => frame.removeAttribute('src'));
    document.body.append(host);
  }, copy);
  try {
    return await axeProblemsInBothSchemes(page, [['#fieldside-axe-copy']]);
  } finally {
    await page.evaluate(() => document.getElementById('fieldside-axe-copy')?.remove());
  }
}

/** The quick-note panel in both schemes: its own page, in its frame beside the badge. */
export function quickNoteAxeProblemsInBothSchemes(page: Page, frame: Frame): Promise<string[]> {
  return axeProblemsInBothSchemes(page, undefined, frame);
}
