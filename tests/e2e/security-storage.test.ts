// A content script's writes to storage change no destination and no identity, in real Chromium and
// real Firefox ESR: from a real content script context of Fieldside on the web app's page, the keys
// that once decided where tokens go (the connection) and whom requests impersonate (the session's
// "me" and "view as") are written as an attacker would. Then the access token expires and the next
// request must refresh through the real companion, to the real platform, as the technician. A rogue
// server stands where the written keys point, and must hear nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, sendFromPage, type ExtensionBrowser } from './support/chromium';
import { jobWindowUrl, signInToWebApp } from './support/content-page';
import { contentWorld } from './support/content-world';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { chooseMe, connect, signInThroughConsent } from './support/options-page';
import { startStack, type Stack } from './support/stack';

let stack: Stack;
let rogue: Server;
let rogueUrl: string;
const rogueHeard: string[] = [];

beforeAll(async () => {
  stack = await startStack({ jobs: 200 });
  rogue = createServer((req, res) => {
    rogueHeard.push(`${req.method} ${req.url}`);
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => rogue.listen(0, '127.0.0.1', resolve));
  rogueUrl = `http://127.0.0.1:${(rogue.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stack?.close();
  await new Promise((r) => rogue?.close(r));
});

/** What an attacker writes: every host pointed at the rogue server, and the account's administrator as "me" and "view as". */
function attackerKeys() {
  const admin = { uuid: stack.administrator.uuid, name: stack.administrator.name, email: '', isAdmin: true };
  return {
    connection: { restUrl: rogueUrl, authUrl: rogueUrl, webUrl: stack.emulator.info.web_url, jobLinkPath: '/job/{uuid}', companionUrl: rogueUrl },
    session: { mode: 'oauth', account: { uuid: stack.account.uuid, name: stack.account.name, email: '' }, scopes: ['vendor', 'read_jobs', 'read_staff'], me: admin, viewAs: admin },
  };
}

/** After the written keys: the token expires, the next request refreshes. Answers the jobs it saw. */
async function expireAndRequest(jobsPage: () => Promise<{ ok: boolean; value?: { uuids: string[] }; error?: { message: string } }>) {
  const refreshes = (await stack.emulator.control.stats()).grants.refresh_token;
  await stack.emulator.control.advanceClock(3_700);
  const reply = await jobsPage();
  if (!reply.ok || !reply.value) throw new Error(`platform.jobsPage failed: ${reply.error?.message}`);
  // Refreshed once, at the real companion (which asked the real platform).
  expect((await stack.emulator.control.stats()).grants.refresh_token).toBe(refreshes + 1);
  return reply.value.uuids;
}

async function expectTechniciansJobs(seen: string[]): Promise<void> {
  const visible = new Set(await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid));
  const all = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
  expect(visible.size).toBeLessThan(all.length);
  expect(seen.length).toBe(Math.min(visible.size, 1000));
  expect(seen.every((uuid) => visible.has(uuid))).toBe(true);
}

describe('Chromium', () => {
  let browser: ExtensionBrowser;
  afterAll(async () => browser?.close());

  it("a content script cannot write storage.local; requests still go to the right hosts as the technician", async () => {
    browser = await launchChromium();
    const options = await browser.openOptions();
    await connect(options, stack);
    await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
    await chooseMe(options, stack.technician);
    const page = await browser.context.newPage();
    await signInToWebApp(page, stack);
    const [jobUuid] = await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid);
    const world = await contentWorld(browser.context, page, jobWindowUrl(stack, jobUuid!));

    const wrote = await world.evaluate(`chrome.storage.local.set(${JSON.stringify(attackerKeys())}).then(() => 'written', (e) => e.message)`);
    expect(wrote).toBe('Access to storage is not allowed from this context.');

    await expectTechniciansJobs(await expireAndRequest(() => sendFromPage(options, 'platform.jobsPage')));
    expect(rogueHeard).toEqual([]);
    const view = (await sendFromPage(options, 'session.get')).value;
    expect(view).toMatchObject({ me: { uuid: stack.technician.uuid }, viewAs: { uuid: stack.technician.uuid } });
    expect(view.connection).toMatchObject({ restUrl: stack.emulator.info.base_url, companionUrl: stack.companion.url });
  });
});

describe('Firefox', () => {
  let firefox: FirefoxWithExtension;
  afterAll(async () => firefox?.close());

  type Ext = {
    runtime: { sendMessage(m: unknown): Promise<any> };
    tabs: { query(q: object): Promise<Array<{ id: number; url?: string }>>; executeScript(tabId: number, details: { code: string }): Promise<unknown[]> };
    storage: { local: { get(keys: string[]): Promise<Record<string, any>> } };
  };
  const ext = (page: Page) => <T>(fn: (ext: Ext, arg: any) => Promise<T>, arg?: unknown): Promise<T> =>
    page.evaluate((source, a) => new Function('ext', 'arg', `return (${source})(ext, arg)`)((globalThis as unknown as { browser: Ext }).browser, a), fn.toString(), arg) as Promise<T>;

  it("a content script's writes to storage.local change no destination and no identity", async () => {
    firefox = await launchFirefox();
    const { browser, options } = firefox;
    const inOptions = ext(options);
    const setValue = (selector: string, value: string) =>
      options.$eval(selector, (el, v) => {
        const input = el as HTMLInputElement;
        input.value = v;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
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
    // "Who are you": the staff search, the technician, "This is me".
    await options.waitForSelector('#staff-search');
    await options.type('#staff-search', stack.technician.name);
    await options.click(`input[name="me"][value="${stack.technician.uuid}"]`);
    await options.click('form[aria-label="Who are you"] button[type="submit"]');
    await options.waitForFunction((name) => document.getElementById('me-name')?.textContent === name, { timeout: 15_000 }, stack.technician.name);

    // The web app's page, where Fieldside's platform content script runs.
    const page = await browser.newPage();
    await page.goto(`${stack.emulator.info.web_url}/login`);
    await page.select('#person', `${stack.account.uuid}:${stack.technician.uuid}`);
    await Promise.all([page.waitForNavigation(), page.click('#sign-in-submit')]);
    const [jobUuid] = await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid);
    await page.goto(`${stack.emulator.info.web_url}/job/${jobUuid}`);

    // A content script of Fieldside in that tab (tabs.executeScript runs code as one) writes the keys.
    const keys = attackerKeys();
    const wrote = await inOptions(async (b, { web, code }) => {
      const tab = (await b.tabs.query({})).find((t) => t.url?.startsWith(web));
      if (!tab) return 'no web app tab';
      return String((await b.tabs.executeScript(tab.id, { code }))[0]);
    }, { web: stack.emulator.info.web_url, code: `browser.storage.local.set(${JSON.stringify(keys)}).then(() => 'written', (e) => e.message)` });
    // Firefox lets content scripts write storage.local: the keys are there...
    expect(wrote).toBe('written');
    expect(await inOptions((b) => b.storage.local.get(['connection', 'session']))).toEqual(keys);

    // ...and decide nothing: the trusted items live in the extension origin's IndexedDB.
    const jobsPage = () => inOptions((b) => b.runtime.sendMessage({ fieldside: 1, type: 'platform.jobsPage', payload: {} }));
    await expectTechniciansJobs(await expireAndRequest(jobsPage));
    expect(rogueHeard).toEqual([]);
    const view = (await inOptions((b) => b.runtime.sendMessage({ fieldside: 1, type: 'session.get', payload: {} }))).value;
    expect(view).toMatchObject({ me: { uuid: stack.technician.uuid }, viewAs: { uuid: stack.technician.uuid } });
    expect(view.connection).toMatchObject({ restUrl: stack.emulator.info.base_url, companionUrl: stack.companion.url });
  });
});
