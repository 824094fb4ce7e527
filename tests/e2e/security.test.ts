// e2e-messaging-protocol-test: the background must refuse what a content script or a page may not ask (background-only messages, a technician's administrator actions, malformed requests): only raw messages can ask it.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { protocol } from '../../lib/messaging/protocol';
import { readSecrets } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { contentWorld } from './support/content-world';
import { chooseMe, connect, signInThroughConsent, signOut } from './support/options-page';
import { signInAsSomeoneElse } from './support/pairing';
import { jobWindowUrl, signInToWebApp } from './support/content-page';
import { builtZips } from './support/paths';
import { sendExpression, sendFromPage } from './support/protocol-messages';
import { startStack, type Stack } from './support/stack';
import { startReceiver, subscribeFieldside } from './support/webhook-receiver';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;

setUpFile(async (own) => {
  stack = own(await startStack());
  // The account has webhook subscriptions of Fieldside's (made with an administrator's grant): a technician's
  // page must not be able to touch them.
  await subscribe(stack);
  browser = own(await launchChromium());
});
afterAll(() => Promise.all(closing.map((close) => close())));

/** Fieldside's subscriptions of the account, to a receiver that lives as long as the file. */
async function subscribe(stack: Stack): Promise<void> {
  const receiver = await startReceiver(200);
  closing.push(() => receiver.close());
  await subscribeFieldside(stack, receiver.url);
}
const closing: Array<() => Promise<void>> = [];

/** Fieldside's subscriptions at the platform, as they stand. */
const ours = () =>
  stack.emulator.webhooks
    .subscriptions()
    .filter((s) => s.unique_id.startsWith('fieldside-'))
    .map((s) => [s.unique_id, s.active, s.callback_url]);

describe('built zips', () => {
  it('neither store zip contains the App Secret', () => {
    const zips = builtZips();
    expect(zips.map((z) => z.replace(/.*-/, ''))).toEqual(expect.arrayContaining(['chrome.zip', 'firefox.zip']));
    for (const zip of zips) {
      const files = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean);
      expect(files).toContain('manifest.json');
      const content = execFileSync('unzip', ['-p', zip], { maxBuffer: 64 * 1024 * 1024 }).toString('latin1');
      expect(content).not.toContain(stack.emulator.info.app.client_secret);
      expect(content).not.toMatch(/client_secret|CLIENT_SECRET/);
    }
  });
});

describe('web pages', () => {
  it('cannot find Fieldside by fetching its content UI or quick-note page at the fixed extension id', async () => {
    const page = await browser.context.newPage();
    await page.goto(stack.emulator.info.web_url);
    for (const path of ['content-ui.js', 'quick-note.html']) {
      const url = `chrome-extension://${browser.id}/${path}`;
      // A page's fetch and a <script src> both fail, as for an extension that is not installed.
      const fetched = await page.evaluate(`fetch(${JSON.stringify(url)}).then(() => 'loaded', () => 'failed')`);
      const scripted = await page.evaluate(`new Promise((resolve) => {
        const s = document.createElement('script');
        s.src = ${JSON.stringify(url)};
        s.onload = () => resolve('loaded');
        s.onerror = () => resolve('failed');
        document.head.append(s);
      })`);
      expect([path, fetched, scripted]).toEqual([path, 'failed', 'failed']);
    }
    await page.close();
  });
});

describe('content scripts', () => {
  const send = (type: string) => sendExpression(type);

  it('are refused every background-only message, and never get a token', async () => {
    const options = await browser.openOptions();
    await connect(options, stack);
    await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
    await chooseMe(options, stack.technician);
    const tokens = (await readSecrets(options)).oauthTokens;
    expect(tokens?.accessToken).toBeTruthy();

    const page = await browser.context.newPage();
    await signInToWebApp(page, stack);
    const [jobUuid] = await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid);
    const world = await contentWorld(browser.context, page, jobWindowUrl(stack, jobUuid!));
    // The one message marked for content scripts works…
    expect(await world.evaluate(send('content.status'))).toEqual({ ok: true, value: { signedIn: true } });
    // …and every other one is refused, whatever it would have answered a page.
    const backgroundOnly = Object.entries(protocol).filter(
      ([, def]) => !(def.from as readonly string[]).includes('content'),
    );
    expect(backgroundOnly.length).toBeGreaterThan(5);
    for (const [type] of backgroundOnly) {
      const reply = await world.evaluate<{ ok: boolean; error?: { name: string } }>(send(type));
      expect(reply, type).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
    }
    // Messages outside the protocol (say, a guessed "give me the token") are refused too.
    expect(await world.evaluate(send('session.getToken'))).toMatchObject({ ok: false });

    // storage.local is closed to content scripts (lib/settings/trusted-area.ts): nothing to read
    // there at all, and the extension's own pages still read it.
    expect(await world.evaluate(`chrome.storage.local.get(null).then(() => 'read', (e) => e.message)`)).toBe(
      'Access to storage is not allowed from this context.',
    );
    const local = JSON.stringify(
      await options.evaluate(() =>
        (
          globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<unknown> } } } }
        ).chrome.storage.local.get(null),
      ),
    );
    expect(local).toContain('session');
    expect(local).not.toContain(tokens.accessToken);
    expect(local).not.toContain(tokens.refreshToken);
    // And its IndexedDB is the web page's, not the extension's: the secret store isn't there.
    const names = await world.evaluate<string[]>(`indexedDB.databases().then((d) => d.map((x) => x.name))`);
    expect(names).not.toContain('fieldside-secrets');
    // The session is untouched by all of that.
    expect(await options.locator('#session-state').getAttribute('data-state')).toBe('signed_in');
  });
});

describe('extension pages', () => {
  it("are refused what their person may not do, whatever they send: a technician's administrator actions, a second 'who are you', a malformed job", async () => {
    // Signed in as the technician above. The UI offers none of these (webhooks.test.ts, who-are-you.test.ts);
    // a page that asks anyway (devtools, a changed page) is refused by the background.
    const options = await browser.openOptions();
    expect(await options.locator('#me-name').textContent()).toBe(stack.technician.name);
    const before = ours();
    expect(before).toHaveLength(3);
    for (const [type, payload] of [
      ['webhooks.list', { status: 'all' }],
      ['webhooks.rotate', {}],
      ['webhooks.delete', { kind: 'object', name: 'job', uniqueId: 'fieldside-job' }],
      ['webhooks.reactivate', { kind: 'object', name: 'job', uniqueId: 'fieldside-job' }],
      ['session.viewAs', { staffUuid: stack.administrator.uuid }],
    ] as const) {
      const reply = await sendFromPage(options, type, payload);
      expect(reply, type).toMatchObject({
        ok: false,
        error: { name: 'NotAllowedError', message: expect.stringMatching(/administrator/) },
      });
    }
    expect(ours()).toEqual(before);
    // The connection decides where tokens go: an administrator's to change.
    const connection = {
      restUrl: stack.emulator.info.base_url,
      authUrl: stack.emulator.info.auth_url,
      webUrl: stack.emulator.info.web_url,
      jobLinkPath: null,
      companionUrl: 'http://127.0.0.1:9',
    };
    expect(await sendFromPage(options, 'settings.setConnection', connection)).toMatchObject({
      ok: false,
      error: { name: 'NotAllowedError', message: expect.stringMatching(/administrator/) },
    });
    // Who you are is answered once per sign-in; changing it goes through the consent page.
    expect(await sendFromPage(options, 'session.chooseMe', { staffUuid: stack.administrator.uuid })).toMatchObject({
      ok: false,
      error: { name: 'NotAllowedError' },
    });
    await options.reload();
    expect(await options.locator('#me-name').textContent()).toBe(stack.technician.name);
    expect(await options.locator('#view-as-name').count()).toBe(0);

    // A uuid that is not one is refused by the protocol before anything opens.
    const pages = browser.context.pages().length;
    expect(await sendFromPage(options, 'job.open', { uuid: 'javascript:alert(1)', target: 'web' })).toMatchObject({
      ok: false,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(browser.context.pages().length).toBe(pages);
  });

  it("are refused every administrator action for a technician who chose the administrator's name, and a pairing answer from any page but the one that asks", async () => {
    const options = await browser.openOptions();
    await signOut(options);
    await signInAsSomeoneElse(browser.context, options, stack, stack.technician.uuid);
    await chooseMe(options, stack.administrator);
    const before = ours();
    for (const [type, payload] of [
      ['webhooks.list', { status: 'all' }],
      ['webhooks.rotate', {}],
      ['webhooks.delete', { kind: 'object', name: 'job', uniqueId: 'fieldside-job' }],
      ['session.viewAs', { staffUuid: stack.technician.uuid }],
    ] as const) {
      expect(await sendFromPage(options, type, payload), type).toMatchObject({
        ok: false,
        error: { name: 'NotAllowedError', message: expect.stringMatching(/administrator/) },
      });
    }
    expect(ours()).toEqual(before);
    // "Yes, I am …" counts only from Fieldside's own question page, never from another of its pages.
    expect(
      await sendFromPage(options, 'pairing.answer', { id: '11111111-2222-4333-8444-555555555555', yes: true }),
    ).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
    await options.reload();
    expect(await options.locator('#me-name').textContent()).toBe(stack.administrator.name);
    expect(await options.locator('#limit-notice').textContent()).toContain('because you chose that name');
  });
});
