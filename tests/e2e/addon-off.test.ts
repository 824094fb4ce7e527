import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from './support/chromium';
import { startConnected } from './support/connected-browser';
import { activateAddon, signInAsSomeoneElse } from './support/pairing';
import type { Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

// An account whose administrator has not activated Fieldside yet, in real Chromium with the built extension, by
// clicks only: the job card would answer "not turned on yet", so the settings page does not send the person there.
// It says who can turn Fieldside on and where, and offers the list of names; once the administrator has activated
// it, the page offers the job card's "Use Fieldside in this browser" when the person opens it again. (Coming back to
// the tab asks too, but headless Chromium keeps every tab visible: that path is the page model's, unit-tested.)

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;

setUpFile(async (own) => {
  ({ stack, browser, options } = await startConnected(own, { jobs: 20 }));
});

const hint = () => options.locator('#pairing-hint').textContent();

it('says Fieldside is not turned on and who can turn it on; once it is, offers the job card', async () => {
  await signInAsSomeoneElse(browser.context, options, stack, stack.technician.uuid);
  await expect
    .poll(hint, { timeout: 15_000, message: 'the page says Fieldside is not turned on' })
    .toContain(`Fieldside is not turned on for ${stack.account.name} yet`);
  expect(await hint()).toContain('An administrator of your account can turn it on');
  expect(await hint()).not.toContain('Use Fieldside in this browser');
  expect(await options.getByLabel('Find your name').count()).toBe(1);
  expect(await options.locator('.who-fallback').textContent()).toBe('Find your name in the list');

  // The administrator activates Fieldside from the platform's add-on store.
  await activateAddon(browser.context, stack);
  // The person opens the settings page again.
  await options.bringToFront();
  await options.reload();
  await expect
    .poll(hint, { timeout: 15_000, message: 'opened again, the page offers the job card' })
    .toContain('Use Fieldside in this browser');
  expect(await hint()).not.toContain('not turned on');
  expect(await options.locator('.who-fallback').textContent()).toBe('Or find your name in the list');
});
