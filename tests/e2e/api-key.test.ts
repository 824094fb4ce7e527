import { expect, it } from 'vitest';
import { readSecrets, readStorageLocal } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { connect } from './support/options-page';
import { startStack, type Stack } from './support/stack';
import { cacheOf, expectCacheIsVisibleSet, waitForSynced } from './support/sync';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
setUpFile(async (own) => {
  stack = own(await startStack());
  browser = own(await launchChromium());
});

it('API-key mode: says views are not limited, sees the whole account, keeps the key secret, signs out', async () => {
  const options = await browser.openOptions();
  await connect(options, stack);
  await expect.poll(() => options.locator('#api-key-warning').textContent()).toContain('not limited to a staff member');
  await options.getByLabel('API key', { exact: true }).fill(stack.account.api_key);
  await options.getByRole('button', { name: 'Use API key' }).click();
  await options.locator('#session-state[data-state="signed_in"]').waitFor();
  expect(await options.locator('#account-name').textContent()).toBe(stack.account.name);
  expect(await options.locator('#api-key-mode-notice').textContent()).toContain('not limited to a staff member');
  expect(await options.getByText('Who are you?').count()).toBe(0);

  // The sign-in's sync reads every job of the account: no staff member's view limits it.
  await waitForSynced(options, cacheOf(stack, 'all'));
  const all = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).filter(
    (j) => Number(j.active) === 1,
  );
  expect(await expectCacheIsVisibleSet(options, stack, 'all')).toEqual({ cached: all.length, visible: all.length });

  expect((await readSecrets(options)).apiKey).toBe(stack.account.api_key);
  expect(JSON.stringify(await readStorageLocal(options))).not.toContain(stack.account.api_key);

  await options.getByRole('button', { name: 'Sign out' }).click();
  await options.locator('#session-state[data-state="signed_out"]').waitFor();
  expect(await readSecrets(options)).toEqual({});
});

it('refuses a wrong API key and stays signed out', async () => {
  const options = await browser.openOptions();
  await options.getByLabel('API key', { exact: true }).fill('not-a-real-key-123456');
  await options.getByRole('button', { name: 'Use API key' }).click();
  await options.locator('#error').waitFor();
  expect(await options.locator('#session-state').getAttribute('data-state')).toBe('signed_out');
  expect(await readSecrets(options)).toEqual({});
});
