import type { Page } from 'playwright-core';
import type { Own } from '../../support/set-up-file';
import { launchChromium, type ExtensionBrowser } from './chromium';
import { connect } from './options-page';
import { startStack, type Stack } from './stack';
import { setUpStep } from '../../support/set-up-steps';

/**
 * A file's start before anyone signs in: a fresh stack of `jobs` jobs, the browser (`launch`), and Fieldside's options
 * page connected to the stack's companion, as a person does it. The stack and the browser are `own`ed.
 */
export async function startConnected(
  own: Own,
  opts: { jobs?: number; launch?: () => Promise<ExtensionBrowser> } = {},
): Promise<{ stack: Stack; browser: ExtensionBrowser; options: Page }> {
  const stack = own(await startStack({ jobs: opts.jobs ?? 300 }));
  return { stack, ...(await connectBrowser(own, stack, opts.launch)) };
}

/** The browser (`launch`, `own`ed) with Fieldside's options page connected to a stack the file started already. */
export async function connectBrowser(
  own: Own,
  stack: Stack,
  launch: () => Promise<ExtensionBrowser> = () => launchChromium(),
): Promise<{ browser: ExtensionBrowser; options: Page }> {
  const browser = own(await launch());
  const options = await setUpStep("opening Fieldside's options page", () => browser.openOptions());
  await setUpStep('typing where Fieldside connects', () => connect(options, stack));
  return { browser, options };
}
