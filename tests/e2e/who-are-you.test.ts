import { expect, it } from 'vitest';
import { readSecrets } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { answerConsentOpenedBy, chooseMe, connect, signInThroughConsent, signOut } from './support/options-page';
import { activateAddon, pairThisBrowser, signInAsSomeoneElse, signOutOfWebApp } from './support/pairing';
import { startStack, type Stack } from './support/stack';
import {
  cacheOf,
  contentHash,
  expectCacheIsVisibleSet,
  readCachedJobs,
  serverHash,
  waitForSynced,
} from './support/sync';
import { CHROME_EXTENSION_ID } from '../../contracts/extension-ids';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
setUpFile(async (own) => {
  stack = own(await startStack());
  browser = own(await launchChromium());
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
    body: JSON.stringify({
      redirect_url: `https://${CHROME_EXTENSION_ID}.chromiumapp.org/`,
      scopes: ['vendor'],
      code_challenge: 'c'.repeat(43),
      installation: 'i'.repeat(43),
    }),
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

it('asks who you are with nobody preselected and each one’s role shown; a chosen administrator sees no more than the sign-in, and a paired one may view as a technician', async () => {
  const options = await browser.openOptions();
  await signInThroughConsent(browser.context, options, stack.account.uuid, stack.administrator.uuid);
  // The platform does not say who consented: nobody is chosen until the person chooses.
  await options.getByLabel('Find your name').waitFor();
  expect(await options.locator('input[name="me"]:checked').count()).toBe(0);
  expect(await options.getByRole('button', { name: 'This is me' }).isDisabled()).toBe(true);
  const technicianRow = options.locator(`.staff-option[data-staff-uuid="${stack.technician.uuid}"]`);
  expect(await technicianRow.locator('.staff-role').textContent()).toBe('Field Technician');
  // Found by typing part of the role.
  await options.getByLabel('Find your name').fill('administ');
  expect(await options.locator('.staff-option').count()).toBe(1);

  // The administrator's name, chosen: Fieldside reads with the sign-in's own view (here the whole account), not as
  // the administrator, and offers no administrator feature.
  await chooseMe(options, stack.administrator);
  expect(await options.locator('#me-role').textContent()).toBe('Administrator');
  const own = `${cacheOf(stack, stack.administrator.uuid)}:own`;
  await waitForSynced(options, own);
  const records = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
  const all = serverHash(records);
  expect(contentHash(await readCachedJobs(options, own))).toEqual(all);
  expect(await options.getByLabel('View as').count()).toBe(0);

  // Paired from a job card, the platform's word: every job as the administrator, in the administrator's cache.
  await activateAddon(browser.context, stack);
  await pairThisBrowser(browser.context, stack, stack.administrator);
  await options.bringToFront();
  await options.reload();
  await options.getByLabel('View as').waitFor({ timeout: 15_000 });
  await waitForSynced(options, cacheOf(stack, stack.administrator.uuid));
  expect(contentHash(await readCachedJobs(options, cacheOf(stack, stack.administrator.uuid)))).toEqual(all);

  // Viewing as the technician: their jobs only, in a cache of its own.
  await options.getByLabel('View as').selectOption(stack.technician.uuid);
  await options.getByRole('button', { name: 'Switch view' }).click();
  await options.locator('#view-as-name').waitFor();
  expect(await options.locator('#view-as-name').textContent()).toBe(stack.technician.name);
  // The limit is said to be the choice, not the platform's.
  await waitForSynced(options, cacheOf(stack, stack.technician.uuid));
  const { cached, visible } = await expectCacheIsVisibleSet(options, stack, stack.technician.uuid);
  expect(cached).toBe(visible);
  expect(cached).toBeLessThan(all.count);
});

it('a chosen name is asked once, and changed only through the consent page: "Not you? Sign in again"; a chosen administrator cannot view as anyone', async () => {
  const options = await browser.openOptions();
  // Someone else at this browser: sign-out ends the paired administrator, and they sign in as themself.
  await signOut(options);
  await signInAsSomeoneElse(browser.context, options, stack, stack.technician.uuid);
  await chooseMe(options, stack.technician);
  // No drop-down to become someone else: the only way is the platform's consent page again.
  expect(await options.getByLabel('Find your name').count()).toBe(0);
  // (The background refuses a second answer from a page that asks anyway: security.test.ts.)

  const notYou = async () => {
    const out = await browser.context.newPage();
    await signOutOfWebApp(out, stack);
    await out.close();
    await options.getByRole('button', { name: 'Not you? Sign in again' }).click();
  };
  await answerConsentOpenedBy(browser.context, notYou, stack.account.uuid, stack.administrator.uuid);
  // Asked afresh, and nobody chosen for them.
  await options.getByLabel('Find your name').waitFor({ timeout: 20_000 });
  expect(await options.locator('#me-name').textContent()).toBe('not chosen yet');
  expect(await options.locator('input[name="me"]:checked').count()).toBe(0);
  await chooseMe(options, stack.administrator);
  expect(await options.locator('#limit-notice').textContent()).toContain('because you chose that name');
  expect(await options.locator('#view-as-name').count()).toBe(0);
  expect(await options.getByLabel('View as').count()).toBe(0);
});
