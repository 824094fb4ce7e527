import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import {
  connectFirefox,
  chooseMeFirefox,
  openFieldsidePage,
  signInFirefox,
  signOutFirefox,
} from './support/firefox-pages';
import { FIREFOX_DIR, ROOT } from './support/paths';
import { startStack, type Stack } from './support/stack';
import { exportInstallationPrivateKey } from './support/installation-key';
import { setUpFile } from '../support/set-up-file';

/** The names in the secret store (the extension origin's IndexedDB), read from an extension page. */
const SECRET_NAMES = `new Promise((resolve, reject) => {
  const open = indexedDB.open('fieldside-secrets');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('secrets')) return db.close(), resolve([]);
    const request = db.transaction('secrets').objectStore('secrets').getAllKeys();
    request.onsuccess = () => (db.close(), resolve(request.result.map(String).sort()));
  };
})`;

/** The session as the trusted settings (the extension origin's IndexedDB) hold it, read from an extension page. */
const STORED_SESSION = `new Promise((resolve, reject) => {
  const open = indexedDB.open('fieldside-settings');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction('items').objectStore('items').get('session');
    request.onsuccess = () => resolve(request.result);
  };
})`;

describe('Firefox build', () => {
  it('passes web-ext lint with 0 errors', () => {
    const out = execFileSync(
      'npx',
      ['web-ext', 'lint', '--source-dir', FIREFOX_DIR, '--output', 'json', '--no-input'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    const report = JSON.parse(out.slice(out.indexOf('{'))) as { summary: { errors: number }; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.summary.errors).toBe(0);
  });
});

describe('Firefox ESR with the extension installed', () => {
  let stack: Stack;
  let firefox: FirefoxWithExtension;
  setUpFile(async (own) => {
    stack = own(await startStack());
    firefox = own(await launchFirefox());
  });

  it('signs in by clicks and keys: the connection typed in, "Sign in", the consent page as the technician', async () => {
    const { browser, options } = firefox;
    // "Advanced: where Fieldside connects": the test's own servers.
    await connectFirefox(options, stack);
    await signInFirefox(browser, options, stack, stack.technician.uuid);
    expect(await options.$eval('#account-name', (el) => el.textContent)).toBe(stack.account.name);
    await chooseMeFirefox(options, stack.technician);
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
    const local = await options.evaluate(async () =>
      JSON.stringify(
        await (
          globalThis as unknown as { browser: { storage: { local: { get(k: null): Promise<unknown> } } } }
        ).browser.storage.local.get(null),
      ),
    );
    for (const secret of secrets) expect(local).not.toContain(secret);
    // Firefox cannot close storage.local to content scripts: the session and the connection live in
    // the extension origin's IndexedDB with the other trusted settings, not there.
    expect(local).not.toContain('"session"');
    expect(local).not.toContain('"connection"');
    const session = await options.evaluate(STORED_SESSION);
    expect(session).toMatchObject({ value: { mode: 'oauth', account: { uuid: stack.account.uuid } } });
    // The refresh token is the companion's sealed one, tied to this installation's key.
    expect(secrets[1]).toMatch(/^fsr2\./);
  });

  it("keeps the installation's key pair in IndexedDB with its private half not extractable, and refreshes with it", async () => {
    const { options } = firefox;
    const exported = await options.evaluate(exportInstallationPrivateKey);
    expect(exported).toBe('refused (private)');
    // Past the token's lifetime, the next request refreshes through the companion with the key's signature:
    // the sidebar's day opened again, a platform read with the account's token.
    const before = (await stack.emulator.control.stats()).grants.refresh_token;
    await stack.emulator.control.advanceClock(3_700);
    const sidebar = await openFieldsidePage(
      firefox.browser,
      options,
      '/sidepanel.html',
      '#day-empty, #day .visits[aria-busy="false"]',
    );
    await expect.poll(async () => (await stack.emulator.control.stats()).grants.refresh_token).toBe(before + 1);
    await sidebar.close();
  });

  it('signs out from the options page: signed out, and no secret left', async () => {
    const { options } = firefox;
    expect(await options.evaluate(SECRET_NAMES)).toEqual(['installationKey', 'oauthTokens']);
    await signOutFirefox(options);
    expect(await options.$('#account-name')).toBeNull();
    expect(await options.evaluate(SECRET_NAMES)).toEqual([]);
    // The button to sign in again is there, and no session remains in the trusted settings.
    expect(await options.$('#sign-in')).not.toBeNull();
    const session = ((await options.evaluate(STORED_SESSION)) as { value?: unknown } | undefined)?.value ?? null;
    expect(session).toBeNull();
  });
});
