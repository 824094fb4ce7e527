import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { FIREFOX_DIR, ROOT } from './support/paths';
import { startStack, type Stack } from './support/stack';

describe('Firefox build', () => {
  it('passes web-ext lint with 0 errors', () => {
    const out = execFileSync('npx', ['web-ext', 'lint', '--source-dir', FIREFOX_DIR, '--output', 'json', '--no-input'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const report = JSON.parse(out.slice(out.indexOf('{'))) as { summary: { errors: number }; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.summary.errors).toBe(0);
  });
});

describe('Firefox ESR with the extension installed', () => {
  let stack: Stack;
  let firefox: FirefoxWithExtension;
  beforeAll(async () => {
    stack = await startStack();
    firefox = await launchFirefox();
  });
  afterAll(async () => {
    await firefox?.close();
    await stack?.close();
  });

  it('signs in through the companion and reaches the signed-in state', async () => {
    const { browser, options } = firefox;
    const setValue = (selector: string, value: string) =>
      options.$eval(selector, (el, v) => {
        const input = el as HTMLInputElement;
        input.value = v;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
    // "Advanced: where Fieldside connects": the test's own servers.
    await options.click('#connection summary');
    await setValue('#rest-url', stack.emulator.info.base_url);
    await setValue('#auth-url', stack.emulator.info.auth_url);
    await setValue('#web-url', stack.emulator.info.web_url);
    await setValue('#companion-url', stack.companion.url);
    await options.click('#connection button[type="submit"]');
    await options.waitForFunction((url) => (document.getElementById('rest-url') as HTMLInputElement).value === url, {}, stack.emulator.info.base_url);

    const consentTarget = browser.waitForTarget((t) => t.url().includes('/oauth/authorize'), { timeout: 20_000 });
    await options.click('#sign-in');
    const consent = await (await consentTarget).page();
    if (!consent) throw new Error('No consent page');
    await consent.waitForSelector('#person');
    await consent.select('#person', `${stack.account.uuid}:${stack.technician.uuid}`);
    await consent.click('#allow');

    await options.waitForSelector('#session-state[data-state="signed_in"]', { timeout: 20_000 });
    expect(await options.$eval('#account-name', (el) => el.textContent)).toBe(stack.account.name);
    expect((await stack.emulator.control.stats()).grants.authorization_code).toBe(1);
  });

  it('keeps the tokens in IndexedDB, out of storage.local', async () => {
    const { options } = firefox;
    const secrets = await options.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('fieldside-secrets');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('secrets').objectStore('secrets').get('oauthTokens');
            request.onsuccess = () => resolve([request.result.accessToken, request.result.refreshToken]);
          };
        }),
    );
    expect(secrets.every((s) => typeof s === 'string' && s.length > 10)).toBe(true);
    const local = await options.evaluate(async () => JSON.stringify(await (globalThis as unknown as { browser: { storage: { local: { get(k: null): Promise<unknown> } } } }).browser.storage.local.get(null)));
    for (const secret of secrets) expect(local).not.toContain(secret);
    // Firefox cannot close storage.local to content scripts: the session and the connection live in
    // the extension origin's IndexedDB with the other trusted settings, not there.
    expect(local).not.toContain('"session"');
    expect(local).not.toContain('"connection"');
    const session = await options.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('fieldside-settings');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('items').objectStore('items').get('session');
            request.onsuccess = () => resolve(request.result);
          };
        }),
    );
    expect(session).toMatchObject({ value: { mode: 'oauth', account: { uuid: stack.account.uuid } } });
    // The refresh token is the companion's sealed one, tied to this installation's key.
    expect(secrets[1]).toMatch(/^fsr1\./);
  });

  it("keeps the installation's key pair in IndexedDB with its private half not extractable, and refreshes with it", async () => {
    const { options } = firefox;
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
    // Past the token's lifetime, the next request refreshes through the companion with the key's signature.
    const before = (await stack.emulator.control.stats()).grants.refresh_token;
    await stack.emulator.control.advanceClock(3_700);
    const send = (type: string) =>
      options.evaluate((t) => (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).browser.runtime.sendMessage({ fieldside: 1, type: t, payload: {} }), type);
    // The staff list for "who are you": a platform read with the account's token.
    expect(await send('session.listStaff')).toMatchObject({ ok: true });
    expect((await stack.emulator.control.stats()).grants.refresh_token).toBe(before + 1);
  });
});
