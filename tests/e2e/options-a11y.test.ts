import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { answerConsentOpenedBy, chooseMe, connect } from './support/options-page';
import { activateAddon, pairThisBrowser } from './support/pairing';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

// The options page has no axe-core violations, signed out and signed in, and works from the keyboard.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let stack: Stack;
let browser: ExtensionBrowser;
setUpFile(async (own) => {
  stack = own(await startStack());
  browser = own(await launchChromium());
});

async function violations(page: Page): Promise<string[]> {
  // The page's CSP (script-src 'self') refuses an injected <script>; CDP evaluation is not a page script.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (
      globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; help: string }[] }> } }
    ).axe.run();
    return result.violations.map((v) => `${v.id}: ${v.help}`);
  });
}

it('is accessible signed out and signed in, and signs in from the keyboard', async () => {
  const options = await browser.openOptions();
  expect(await violations(options)).toEqual([]);
  await connect(options, stack);
  // Keyboard only: focus the sign-in button and press Enter.
  const pressEnter = async () => {
    await options.locator('#sign-in').focus();
    await options.keyboard.press('Enter');
  };
  await answerConsentOpenedBy(browser.context, pressEnter, stack.account.uuid, stack.administrator.uuid);
  await options.locator('#session-state[data-state="signed_in"]').waitFor();
  await chooseMe(options, stack.administrator);
  expect(await violations(options)).toEqual([]);
  // Paired from a job card, the administrator's page (view as, webhooks, the connection) too.
  await activateAddon(browser.context, stack);
  await pairThisBrowser(browser.context, stack, stack.administrator);
  await options.bringToFront();
  await options.reload();
  await options.getByLabel('View as').waitFor({ timeout: 15_000 });
  expect(await violations(options)).toEqual([]);
});

it('renders platform data as text, never as markup', async () => {
  // A staff member whose name is markup: it must show literally.
  await stack.emulator.control.updateRecord(stack.account.uuid, 'staff', stack.technician.uuid, {
    first: '<img src=x onerror=alert(1)>',
  });
  const options = await browser.openOptions();
  // The (paired) administrator's "view as" lists the staff by name.
  await options.getByLabel('View as').waitFor();
  const labels = await options.locator('#view-as option').allTextContents();
  expect(labels.some((l) => l.includes('<img src=x onerror=alert(1)>'))).toBe(true);
  expect(await options.locator('img').count()).toBe(0);
});
