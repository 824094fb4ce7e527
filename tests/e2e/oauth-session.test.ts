import { describe, expect, it } from 'vitest';
import { readSecrets, readStorageLocal, refreshAlarm, stopServiceWorker } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { ALLOW_BUTTONS, openJobInPanel } from './support/grant-feature';
import { chooseMe, connect, signInThroughConsent, signOut } from './support/options-page';
import { openQuickSearch } from './support/popup-page';
import { openSidePanel } from './support/sidepanel-page';
import { startStack, type Stack } from './support/stack';
import { cacheOf, expectCacheIsVisibleSet, waitForSynced } from './support/sync';
import type { Page } from 'playwright-core';
import { missingScopes } from '../../lib/auth/scopes';
import { exportInstallationPrivateKey } from './support/installation-key';
import { setUpFile } from '../support/set-up-file';

// One person's session in real Chromium, step by step and by the UI: sign in through the consent
// page as a technician, requests as that technician, a silent refresh after the emulator clock passes
// the token's 3,600 s, a service worker restart, an "Allow …" in the side panel that asks only for
// what is missing, revocation, and (in a fresh session) sign-out.

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;

setUpFile(async (own) => {
  stack = own(await startStack());
  browser = own(await launchChromium());
  options = await browser.openOptions();
  await connect(options, stack);
});

/** The options page read afresh, as a person opening it again: the session, and "who are you"'s
 * staff list, a platform read made with the account's token. */
async function reopenOptions(): Promise<void> {
  await options.reload();
  await options.locator('#session-state').waitFor();
}

const grantedScopes = () => options.locator('#scopes li').allTextContents();

/** A platform read a person causes: the side panel's day (today's visits, none, or the problem met). */
async function readTheDay(): Promise<void> {
  const panel = await openSidePanel(browser);
  const settled = panel
    .locator(
      '#day-empty, #day .visits[aria-busy="false"], #day-offline, #error, main#sidepanel[data-signed-in="false"]',
    )
    .first();
  await settled.waitFor({ timeout: 20_000 });
  await panel.close();
}

describe('OAuth session in Chromium', () => {
  it('signs in through the consent page as a technician and shows the account', async () => {
    await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
    await expect.poll(() => options.locator('#account-name').textContent()).toBe(stack.account.name);
    expect((await stack.emulator.control.stats()).grants.authorization_code).toBe(1);
  });

  it('makes every request as the chosen technician (impersonation)', async () => {
    await chooseMe(options, stack.technician);
    expect(await options.locator('#me-name').textContent()).toBe(stack.technician.name);
    // The platform's names for what was granted: for support, under "What Fieldside may do".
    expect(await grantedScopes()).toEqual(expect.arrayContaining(['vendor', 'read_staff', 'read_jobs']));
    // The sync that "who are you" started read every job the platform let it: exactly the technician's.
    await waitForSynced(options, cacheOf(stack, stack.technician.uuid));
    const { cached } = await expectCacheIsVisibleSet(options, stack, stack.technician.uuid);
    const all = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
    expect(cached).toBeGreaterThan(0);
    // The technician sees fewer jobs than the account holds: the view really is limited.
    expect(cached).toBeLessThan(all.length);
  });

  it('refreshes once, silently, after the emulator clock passes the token lifetime', async () => {
    const before = (await stack.emulator.control.stats()).grants.refresh_token;
    await stack.emulator.control.advanceClock(3_700);
    await readTheDay();
    await expect.poll(async () => (await stack.emulator.control.stats()).grants.refresh_token).toBe(before + 1);
    await reopenOptions();
    expect(await options.locator('#session-state').getAttribute('data-state')).toBe('signed_in');
    expect(await options.locator('#error').count()).toBe(0);
  });

  it('keeps the session when the service worker is stopped and started again', async () => {
    const worker = await stopServiceWorker(browser.context, options);
    expect(worker.statuses.at(-1)).toBe('stopped');
    // The page opened again asks a new worker, which rebuilds the session from storage and IndexedDB.
    await reopenOptions();
    expect(await options.locator('#session-state').getAttribute('data-state')).toBe('signed_in');
    expect(await options.locator('#me-name').textContent()).toBe(stack.technician.name);
    expect(worker.statuses.at(-1)).toBe('running');
    // It still reads the platform: the day in the side panel.
    await readTheDay();
    // The proactive refresh alarm survived too.
    expect(await refreshAlarm(options)).toBeTruthy();
  });

  it('asks only for the missing scopes when the person allows more in the side panel (incremental authorisation)', async () => {
    const granted = await grantedScopes();
    // Sign-in asked for the day's work; changing badges is asked for later, in context.
    const missing = missingScopes('badges', granted);
    expect(missing.length).toBeGreaterThan(0);
    const panel = await openSidePanel(browser);
    await openJobInPanel(panel);
    const consent = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await panel.getByRole('button', { name: ALLOW_BUTTONS.badges }).click();
    const page = await consent;
    await page.locator('#person').selectOption(`${stack.account.uuid}:${stack.technician.uuid}`);
    expect(
      (await page.locator('#new-scopes li').evaluateAll((els) => els.map((e) => e.getAttribute('data-scope')))).sort(),
    ).toEqual([...missing].sort());
    await page.locator('#allow').click();
    // The job now offers its badges to toggle, and no longer asks.
    await panel.locator('button.badge-toggle').first().waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('button', { name: ALLOW_BUTTONS.badges }).count()).toBe(0);
    await reopenOptions();
    expect(await grantedScopes()).toEqual(expect.arrayContaining([...granted, ...missing]));
    // Still the same person, still making requests as the technician.
    expect(await options.locator('#me-name').textContent()).toBe(stack.technician.name);
    // Nothing missing for badges now: the job, opened again, does not ask for them again, and no consent happens.
    // (It still offers what was never asked: recording visits, photos; each is asked for where it is first met.)
    const codes = (await stack.emulator.control.stats()).grants.authorization_code;
    await panel.locator('button.back').click();
    await openJobInPanel(panel);
    await panel.locator('button.badge-toggle').first().waitFor();
    expect(await panel.getByRole('button', { name: ALLOW_BUTTONS.badges }).count()).toBe(0);
    const offered = await panel.getByRole('button', { name: /^Allow / }).allTextContents();
    expect(offered.map((words) => words.trim()).sort()).toEqual([ALLOW_BUTTONS.photos, ALLOW_BUTTONS.visits].sort());
    expect((await stack.emulator.control.stats()).grants.authorization_code).toBe(codes);
    await panel.close();
  });

  it('keeps tokens out of storage.local', async () => {
    const secrets = await readSecrets(options);
    expect(secrets.oauthTokens?.accessToken).toBeTruthy();
    const local = JSON.stringify(await readStorageLocal(options));
    expect(local).not.toContain(secrets.oauthTokens.accessToken);
    expect(local).not.toContain(secrets.oauthTokens.refreshToken);
  });

  it("holds only a sealed refresh token, tied to this installation's key pair, whose private half cannot be exported", async () => {
    expect((await readSecrets(options)).oauthTokens.refreshToken).toMatch(/^fsr2\./);
    const exported = await options.evaluate(exportInstallationPrivateKey);
    expect(exported).toBe('refused (private)');
  });

  it('ends in a clean signed-out state, and says so, when access is revoked', async () => {
    await stack.emulator.control.revokeAccess(stack.account.uuid);
    // The next platform read (the day in the side panel) finds the grant gone.
    await readTheDay();
    await reopenOptions();
    await options.locator('#revoked-notice').waitFor({ timeout: 10_000 });
    expect(await options.locator('#session-state').getAttribute('data-state')).toBe('signed_out');
    expect(await options.locator('#account-name, #me-name').count()).toBe(0);
    expect(await readSecrets(options)).toEqual({});
    expect(await refreshAlarm(options)).toBeFalsy();
  });

  it('signs in again and signs out cleanly', async () => {
    await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
    // Same person on the same account: "who are you" is remembered only within a session.
    await chooseMe(options, stack.technician);
    expect(Object.keys(await readSecrets(options))).toEqual(['installationKey', 'oauthTokens']);
    await signOut(options);
    expect(await options.locator('#revoked-notice').count()).toBe(0);
    expect(await readSecrets(options)).toEqual({});
    const local = await readStorageLocal(options);
    expect(local.session ?? null).toBeNull();
    // The popup now asks the person to sign in, rather than showing anyone's jobs.
    const popup = await openQuickSearch(browser);
    await popup.getByRole('heading', { name: 'Sign in to find your jobs' }).waitFor();
    await popup.close();
  });

  it('never logged a secret in the companion', async () => {
    const log = JSON.stringify(stack.companionLog);
    expect(stack.companionLog.length).toBeGreaterThan(0);
    expect(log).not.toContain(stack.emulator.info.app.client_secret);
    expect(log).not.toMatch(/code=|refresh_token|access_token/);
  });
});
