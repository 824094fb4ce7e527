import { afterAll, beforeAll, expect, it } from 'vitest';
import { readSecrets } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { chooseMe, connect, signInThroughConsent } from './support/options-page';
import { startStack, type Stack } from './support/stack';
import { cacheOf, contentHash, expectCacheIsVisibleSet, readCachedJobs, serverHash, waitForSynced } from './support/sync';
import { CHROME_EXTENSION_ID } from '../../contracts/extension-ids';

let stack: Stack;
let browser: ExtensionBrowser;
beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

it('rejects a sign-in answer that carries another flow’s state, and never exchanges its code', async () => {
  const options = await browser.openOptions();
  await connect(options, stack);
  const consent = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
  await options.getByRole('button', { name: 'Sign in with the platform' }).click();
  const page = await consent;
  // An attacker's own flow: a genuine, signed state from the companion, for the same redirect URL.
  const start = await fetch(`${stack.companion.url}/oauth/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // With a verifier and an installation of the attacker's own: the companion starts anyone's flow.
    body: JSON.stringify({ redirect_url: `https://${CHROME_EXTENSION_ID}.chromiumapp.org/`, scopes: ['vendor'], code_challenge: 'c'.repeat(43), installation: 'i'.repeat(43) }),
  });
  const injected = (await start.json()) as { authorize_url: string };
  await page.goto(injected.authorize_url);
  await page.locator('#person').selectOption(`${stack.account.uuid}:${stack.administrator.uuid}`);
  await page.locator('#allow').click();
  await options.locator('#error').filter({ hasText: 'wrong state' }).waitFor({ timeout: 15_000 });
  expect(await options.locator('#session-state').getAttribute('data-state')).toBe('signed_out');
  expect((await stack.emulator.control.stats()).grants.authorization_code).toBe(0);
  expect(await readSecrets(options)).toEqual({});
});

it('preselects the account holder, and lets an administrator view as a technician', async () => {
  // The account's e-mail is one staff member's (here an office worker's, neither of the two below).
  const staff = await stack.emulator.control.listRecords(stack.account.uuid, 'staff');
  const holder = staff.find((s) => Number(s.active) === 1 && s.uuid !== stack.administrator.uuid && s.uuid !== stack.technician.uuid)!;
  const vendor = (await stack.emulator.control.listRecords(stack.account.uuid, 'vendor'))[0]!;
  await stack.emulator.control.updateRecord(stack.account.uuid, 'vendor', String(vendor.uuid), { email: String(holder.email).toUpperCase() });
  const options = await browser.openOptions();
  await signInThroughConsent(browser.context, options, stack.account.uuid, stack.administrator.uuid);
  // The platform does not say who consented: the page preselects the staff member whose e-mail is the account's.
  await expect.poll(() => options.getByLabel('I am').inputValue()).toBe(holder.uuid);

  // As the administrator, the whole account: every job is in the cache "who are you" filled.
  await chooseMe(options, stack.administrator);
  await waitForSynced(options, cacheOf(stack, stack.administrator.uuid));
  const records = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
  const all = serverHash(records);
  expect(contentHash(await readCachedJobs(options, cacheOf(stack, stack.administrator.uuid)))).toEqual(all);

  // Viewing as the technician: their jobs only, in a cache of its own.
  await options.getByLabel('View as').selectOption(stack.technician.uuid);
  await options.getByRole('button', { name: 'Switch view' }).click();
  await options.locator('#view-as-name').waitFor();
  expect(await options.locator('#view-as-name').textContent()).toBe(stack.technician.name);
  await waitForSynced(options, cacheOf(stack, stack.technician.uuid));
  const { cached, visible } = await expectCacheIsVisibleSet(options, stack, stack.technician.uuid);
  expect(cached).toBe(visible);
  expect(cached).toBeLessThan(all.count);
});

it('does not offer a technician to view as someone else', async () => {
  const options = await browser.openOptions();
  await chooseMe(options, stack.technician);
  expect(await options.locator('#view-as-name').count()).toBe(0);
  expect(await options.getByLabel('View as').count()).toBe(0);
});
