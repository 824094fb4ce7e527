import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from './chromium';
import { signInTechnicianForFieldWork } from './field-worker';
import { allowInSidePanel, type ALLOW_BUTTONS } from './grant-feature';
import { launchForSidePanel } from './sidepanel-page';
import type { Own } from '../../support/set-up-file';
import { startStack, type Stack } from './stack';

export interface TechnicianAtWork {
  stack: Stack;
  browser: ExtensionBrowser;
  /** Fieldside's options page, where the technician signed in. */
  options: Page;
}

/**
 * A file's usual start in Chromium: a fresh stack of `jobs` jobs, the browser (`launch`), and the technician signed in
 * for field work as they do it themself (badges too); then each of `allow` allowed where the technician first meets
 * it, on a job in the side panel. The stack and the browser are `own`ed.
 */
export async function startTechnicianAtWork(
  own: Own,
  opts: {
    jobs?: number;
    launch?: () => Promise<ExtensionBrowser>;
    allow?: ReadonlyArray<keyof typeof ALLOW_BUTTONS>;
  } = {},
): Promise<TechnicianAtWork> {
  const stack = own(await startStack({ jobs: opts.jobs ?? 300 }));
  const browser = own(await (opts.launch ?? launchForSidePanel)());
  const options = await signInTechnicianForFieldWork(browser, stack);
  for (const feature of opts.allow ?? []) await allowInSidePanel(browser, stack, stack.technician.uuid, feature);
  return { stack, browser, options };
}
