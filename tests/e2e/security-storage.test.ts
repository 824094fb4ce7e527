// A content script's writes to storage change no destination and no identity, in real Chromium and
// real Firefox ESR: from a real content script context of Fieldside on the web app's page, the keys
// that once decided where tokens go (the connection) and whom requests impersonate (the session's
// "me" and "view as") are written as an attacker would. Then the access token expires, and the day
// the person opens in the side panel must be read after a refresh through the real companion, from
// the real platform, as the technician. A rogue server stands where the written keys point, and must
// hear nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { jobWindowUrl, signInToWebApp } from './support/content-page';
import { contentWorld } from './support/content-world';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import {
  chooseMeFirefox,
  connectFirefox,
  openFieldsidePage,
  signInFirefox,
  signInToWebAppFirefox,
} from './support/firefox-pages';
import { chooseMe, connect, signInThroughConsent } from './support/options-page';
import { openSidePanel, todaysActivities } from './support/sidepanel-page';
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

/** What an attacker writes: every host pointed at the rogue server, and the account's administrator as "me" and "view as",
 * on the platform's word as it claims. */
function attackerKeys() {
  const admin = { uuid: stack.administrator.uuid, name: stack.administrator.name, email: '', isAdmin: true };
  return {
    connection: {
      restUrl: rogueUrl,
      authUrl: rogueUrl,
      webUrl: stack.emulator.info.web_url,
      jobLinkPath: '/job/{uuid}',
      companionUrl: rogueUrl,
    },
    session: {
      mode: 'oauth',
      account: { uuid: stack.account.uuid, name: stack.account.name, email: '' },
      scopes: ['vendor', 'read_jobs', 'read_staff'],
      me: admin,
      meSource: 'platform',
      viewAs: admin,
    },
  };
}

/** After the written keys: the token expires; `openDay` opens the side panel's day (a platform read),
 * which answers the visits it shows. Refreshed once, at the real companion (which asked the real platform). */
async function expireAndOpenTheDay(openDay: () => Promise<string[]>): Promise<string[]> {
  const refreshes = (await stack.emulator.control.stats()).grants.refresh_token;
  await stack.emulator.control.advanceClock(3_700);
  const shown = await openDay();
  // (The day may show first as kept from an earlier read, then as read again: wait for that read.)
  await expect
    .poll(async () => (await stack.emulator.control.stats()).grants.refresh_token, { timeout: 15_000 })
    .toBe(refreshes + 1);
  return shown;
}

/** The day shown is the technician's: the visits the emulator holds for them today, in order. Today is the
 * browser's: the platform's clock is hours ahead by now (each token expired), past its midnight late in the day. */
async function expectTechniciansDay(shown: string[]): Promise<void> {
  const { activities } = await todaysActivities(stack, stack.technician.uuid, Date.now());
  expect(activities.length).toBeGreaterThan(0);
  expect(shown).toEqual(activities.map((a) => String(a.uuid)));
}

const VISITS = 'li.visit[data-activity-uuid]';

describe('Chromium', () => {
  let browser: ExtensionBrowser;
  afterAll(async () => browser?.close());

  it('a content script cannot write storage.local; requests still go to the right hosts as the technician', async () => {
    browser = await launchChromium();
    const options = await browser.openOptions();
    await connect(options, stack);
    await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
    await chooseMe(options, stack.technician);
    const page = await browser.context.newPage();
    await signInToWebApp(page, stack);
    const [jobUuid] = await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid);
    const world = await contentWorld(browser.context, page, jobWindowUrl(stack, jobUuid!));

    const wrote = await world.evaluate(
      `chrome.storage.local.set(${JSON.stringify(attackerKeys())}).then(() => 'written', (e) => e.message)`,
    );
    expect(wrote).toBe('Access to storage is not allowed from this context.');

    const shown = await expireAndOpenTheDay(async () => {
      const panel = await openSidePanel(browser);
      await panel.locator(VISITS).first().waitFor({ timeout: 20_000 });
      return panel.locator(VISITS).evaluateAll((els) => els.map((e) => e.getAttribute('data-activity-uuid')!));
    });
    await expectTechniciansDay(shown);
    expect(rogueHeard).toEqual([]);
    // The settings still say who the person is. (Where Fieldside connects is an administrator's setting,
    // not shown to a technician: the day above, read from the emulator while the rogue host heard
    // nothing, is the proof of the destination.)
    await options.reload();
    await options.locator('#me-name').waitFor();
    expect(await options.locator('#me-name').textContent()).toBe(stack.technician.name);
    expect(await options.locator('#view-as-name').count()).toBe(0);
  });
});

describe('Firefox', () => {
  let firefox: FirefoxWithExtension;
  afterAll(async () => firefox?.close());

  type Ext = {
    tabs: {
      query(q: object): Promise<Array<{ id: number; url?: string }>>;
      executeScript(tabId: number, details: { code: string }): Promise<unknown[]>;
    };
    storage: { local: { get(keys: string[]): Promise<Record<string, any>> } };
  };
  const ext =
    (page: Page) =>
    <T>(fn: (ext: Ext, arg: any) => Promise<T>, arg?: unknown): Promise<T> =>
      page.evaluate(
        (source, a) =>
          new Function('ext', 'arg', `return (${source})(ext, arg)`)(
            (globalThis as unknown as { browser: Ext }).browser,
            a,
          ),
        fn.toString(),
        arg,
      ) as Promise<T>;

  it("a content script's writes to storage.local change no destination and no identity", async () => {
    firefox = await launchFirefox();
    const { browser, options } = firefox;
    const inOptions = ext(options);
    await connectFirefox(options, stack);
    await signInFirefox(browser, options, stack, stack.technician.uuid);
    await chooseMeFirefox(options, stack.technician);

    // The web app's page, where Fieldside's platform content script runs.
    const page = await signInToWebAppFirefox(browser, stack, stack.technician.uuid);
    const [jobUuid] = await stack.emulator.control.visibleJobUuids(stack.account.uuid, stack.technician.uuid);
    await page.goto(`${stack.emulator.info.web_url}/job/${jobUuid}`);

    // A content script of Fieldside in that tab (tabs.executeScript runs code as one) writes the keys.
    const keys = attackerKeys();
    const wrote = await inOptions(
      async (b, { web, code }) => {
        const tab = (await b.tabs.query({})).find((t) => t.url?.startsWith(web));
        if (!tab) return 'no web app tab';
        return String((await b.tabs.executeScript(tab.id, { code }))[0]);
      },
      {
        web: stack.emulator.info.web_url,
        code: `browser.storage.local.set(${JSON.stringify(keys)}).then(() => 'written', (e) => e.message)`,
      },
    );
    // Firefox lets content scripts write storage.local: the keys are there...
    expect(wrote).toBe('written');
    expect(await inOptions((b) => b.storage.local.get(['connection', 'session']))).toEqual(keys);

    // ...and decide nothing: the trusted items live in the extension origin's IndexedDB.
    const shown = await expireAndOpenTheDay(async () => {
      const panel = await openFieldsidePage(browser, options, '/sidepanel.html', VISITS);
      return panel.$$eval(VISITS, (els) => els.map((e) => e.getAttribute('data-activity-uuid')!));
    });
    await expectTechniciansDay(shown);
    expect(rogueHeard).toEqual([]);
    // The settings, opened afresh, still say who the person is (the destination: see the Chromium case).
    const settings = await openFieldsidePage(browser, options, '/options.html', '#me-name');
    expect(await settings.$eval('#me-name', (e) => e.textContent)).toBe(stack.technician.name);
    expect(await settings.$('#view-as-name')).toBeNull();
  });
});
