import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSecrets, readStorageLocal, refreshAlarm, stopServiceWorker } from './support/background';
import { launchChromium, sendFromPage, type ExtensionBrowser } from './support/chromium';
import { chooseMe, connect, signInThroughConsent } from './support/options-page';
import { startStack, type Stack } from './support/stack';
import type { Page } from 'playwright-core';
import { missingScopes } from '../../lib/auth/scopes';

// One person's session in real Chromium, step by step: sign in through the consent page as a
// technician, requests as that technician, a silent refresh after the emulator clock passes the
// token's 3,600 s, a service worker restart, revocation, and (in a fresh session) sign-out.

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  options = await browser.openOptions();
  await connect(options, stack);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function jobsPage(): Promise<string[]> {
  const reply = await sendFromPage(options, 'platform.jobsPage');
  if (!reply.ok) throw new Error(`jobsPage failed: ${reply.error?.name}: ${reply.error?.message}`);
  return reply.value.uuids;
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
    const scopes = await options.locator('#scopes li').allTextContents();
    expect(scopes).toEqual(expect.arrayContaining(['vendor', 'read_staff', 'read_jobs']));
    const visible = new Set(await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid));
    const all = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
    const seen = await jobsPage();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((uuid) => visible.has(uuid))).toBe(true);
    // The technician sees fewer jobs than the account holds: the view really is limited.
    expect(visible.size).toBeLessThan(all.length);
    expect(seen.length).toBe(Math.min(visible.size, 1000));
  });

  it('refreshes once, silently, after the emulator clock passes the token lifetime', async () => {
    const before = (await stack.emulator.control.stats()).grants.refresh_token;
    await stack.emulator.control.advanceClock(3_700);
    expect((await jobsPage()).length).toBeGreaterThan(0);
    expect((await stack.emulator.control.stats()).grants.refresh_token).toBe(before + 1);
    expect(await options.locator('#session-state').getAttribute('data-state')).toBe('signed_in');
  });

  it('keeps the session when the service worker is stopped and started again', async () => {
    const worker = await stopServiceWorker(browser.context, options);
    expect(worker.statuses.at(-1)).toBe('stopped');
    // The next message wakes a new worker, which rebuilds the session from storage and IndexedDB.
    const view = await sendFromPage(options, 'session.get');
    expect(view.value).toMatchObject({ state: 'signed_in', me: { uuid: stack.technician.uuid } });
    expect(worker.statuses.at(-1)).toBe('running');
    expect((await jobsPage()).length).toBeGreaterThan(0);
    // The proactive refresh alarm survived too.
    expect(await refreshAlarm(options)).toBeTruthy();
  });

  it('asks only for the missing scopes when a feature needs more (incremental authorisation)', async () => {
    const granted = (await sendFromPage(options, 'session.get')).value.scopes as string[];
    // Sign-in asked for the day's work; changing badges is asked for later, in context.
    const missing = missingScopes('badges', granted);
    expect(missing.length).toBeGreaterThan(0);
    const consent = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    const reply = sendFromPage(options, 'session.requestFeature', { feature: 'badges' });
    const page = await consent;
    await page.locator('#person').selectOption(`${stack.account.uuid}:${stack.technician.uuid}`);
    expect((await page.locator('#new-scopes li').evaluateAll((els) => els.map((e) => e.getAttribute('data-scope')))).sort()).toEqual([...missing].sort());
    await page.locator('#allow').click();
    const view = (await reply).value;
    expect(view.scopes).toEqual(expect.arrayContaining([...granted, ...missing]));
    // Still the same person, still making requests as the technician.
    expect(view.me.uuid).toBe(stack.technician.uuid);
    // Nothing missing now: no second consent.
    const codes = (await stack.emulator.control.stats()).grants.authorization_code;
    expect((await sendFromPage(options, 'session.requestFeature', { feature: 'badges' })).ok).toBe(true);
    expect((await stack.emulator.control.stats()).grants.authorization_code).toBe(codes);
  });

  it('keeps tokens out of storage.local', async () => {
    const secrets = await readSecrets(options);
    expect(secrets.oauthTokens?.accessToken).toBeTruthy();
    const local = JSON.stringify(await readStorageLocal(options));
    expect(local).not.toContain(secrets.oauthTokens.accessToken);
    expect(local).not.toContain(secrets.oauthTokens.refreshToken);
  });

  it("holds only a sealed refresh token, tied to this installation's key pair, whose private half cannot be exported", async () => {
    expect((await readSecrets(options)).oauthTokens.refreshToken).toMatch(/^fsr1\./);
    const exported = await options.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('fieldside-secrets');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('secrets').objectStore('secrets').get('installationKey');
            request.onsuccess = () => {
              const pair = request.result as CryptoKeyPair;
              crypto.subtle.exportKey('jwk', pair.privateKey).then(() => resolve('exported'), () => resolve(`refused (${pair.privateKey.type})`));
            };
          };
        }),
    );
    expect(exported).toBe('refused (private)');
  });

  it('ends in a clean signed-out state, and says so, when access is revoked', async () => {
    await stack.emulator.control.revokeAccess(stack.account.uuid);
    const reply = await sendFromPage(options, 'platform.jobsPage');
    expect(reply.ok).toBe(false);
    await options.locator('#revoked-notice').waitFor({ timeout: 10_000 });
    const view = await sendFromPage(options, 'session.get');
    expect(view.value).toMatchObject({ state: 'signed_out', signedOutReason: 'revoked', me: null, account: null });
    expect(await readSecrets(options)).toEqual({});
    expect(await refreshAlarm(options)).toBeFalsy();
  });

  it('signs in again and signs out cleanly', async () => {
    await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
    // Same person on the same account: "who are you" is remembered only within a session.
    await chooseMe(options, stack.technician);
    expect(Object.keys(await readSecrets(options))).toEqual(['installationKey', 'oauthTokens']);
    await options.getByRole('button', { name: 'Sign out' }).click();
    await options.locator('#session-state[data-state="signed_out"]').waitFor();
    expect(await options.locator('#revoked-notice').count()).toBe(0);
    expect(await readSecrets(options)).toEqual({});
    const local = await readStorageLocal(options);
    expect(local.session ?? null).toBeNull();
    expect((await sendFromPage(options, 'platform.jobsPage')).error?.name).toBe('NotSignedInError');
  });

  it('never logged a secret in the companion', async () => {
    const log = JSON.stringify(stack.companionLog);
    expect(stack.companionLog.length).toBeGreaterThan(0);
    expect(log).not.toContain(stack.emulator.info.app.client_secret);
    expect(log).not.toMatch(/code=|refresh_token|access_token/);
  });
});
