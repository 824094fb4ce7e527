// The content script in Firefox ESR (MV2 build, puppeteer-core over WebDriver BiDi): signed in with
// the account's API key (no consent round trip), synced, a job window of the emulator's web app gets
// a job badge with the job's status, rendered in its shadow root by the lazily imported UI chunk;
// pressing it opens the quick-note panel, and a note typed there reaches the platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { startStack, type Stack } from './support/stack';

let stack: Stack;
let firefox: FirefoxWithExtension;

beforeAll(async () => {
  stack = await startStack({ jobs: 300 });
  firefox = await launchFirefox();
});
afterAll(async () => {
  await firefox?.close();
  await stack?.close();
});

/** The web app page and job the first test opened, for the panel test that follows it. */
let opened: { page: import('puppeteer-core').Page; job: { uuid: string } } | undefined;

type Ext = { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; value?: any }> } };

describe('Firefox content script', () => {
  it("shows the job badge with the status in a job window of the web app", async () => {
    const { browser, options } = firefox;
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
    await options.click('form[aria-label="Connection"] button[type="submit"]');
    await options.waitForFunction((url) => (document.getElementById('rest-url') as HTMLInputElement).value === url, {}, stack.emulator.info.base_url);
    await setValue('#api-key', stack.account.api_key);
    await options.click('form[aria-labelledby="api-key-heading"] button[type="submit"]');
    await options.waitForSelector('#session-state[data-state="signed_in"]', { timeout: 20_000 });
    // The first sync fills the cache the badges read.
    await options.waitForFunction(
      async () => {
        const ext = (globalThis as unknown as { browser: Ext }).browser;
        const reply = await ext.runtime.sendMessage({ fieldside: 1, type: 'sync.status', payload: {} });
        return reply.ok && reply.value.phase === 'idle' && reply.value.lastSyncedAt !== null;
      },
      { timeout: 60_000, polling: 250 },
    );

    const job = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).find((j) => j.active === 1 || j.active === true || j.active === '1')!;
    // The web app, signed in as a person does (an administrator: the API key sees the whole account).
    const page = await browser.newPage();
    await page.goto(`${stack.emulator.info.web_url}/login`);
    await page.select("#person", `${stack.account.uuid}:${stack.administrator.uuid}`);
    await Promise.all([page.waitForNavigation(), page.click('#sign-in-submit')]);
    await page.goto(`${stack.emulator.info.web_url}/job/${job.uuid}`);
    const status = await page.waitForFunction(
      () => document.querySelector('.x-window-header fieldside-badge')?.shadowRoot?.querySelector('button.badge .status')?.textContent ?? false,
      { timeout: 20_000, polling: 100 },
    );
    expect(await status.jsonValue()).toBe(job.status);
    expect(await page.$eval('.x-window td[data-field="status"]', (td) => td.textContent)).toBe(job.status);
    expect(await page.$$eval('fieldside-badge', (hosts) => hosts.length)).toBe(1);
    opened = { page, job: { uuid: String(job.uuid) } };
  });

  it('opens the quick-note panel from the badge, and a note typed there reaches the platform', async () => {
    const { page, job } = opened!;
    const inBadge = (selector: string) => `document.querySelector('.x-window-header fieldside-badge').shadowRoot.querySelector(${JSON.stringify(selector)})`;
    const handle = async (selector: string) => {
      const found = await page.waitForFunction(`${inBadge(selector)}`, { timeout: 20_000, polling: 100 });
      return found.asElement() as import('puppeteer-core').ElementHandle<Element>;
    };
    await (await handle('button.badge')).click();
    const box = await handle('[role="dialog"] textarea');
    const text = `A note from Firefox ${Date.now()}`;
    await box.type(text);
    await (await handle('[role="dialog"] button[type="submit"]')).click();
    await page.waitForFunction(`[...${inBadge('[role="dialog"]')}.querySelectorAll('li.note')].some((li) => li.textContent.includes(${JSON.stringify(text)}))`, { timeout: 20_000, polling: 100 });

    await expect
      .poll(async () => (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text), { timeout: 20_000 })
      .toHaveLength(1);
    const [note] = (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text);
    expect(note).toMatchObject({ related_object: 'job', related_object_uuid: job.uuid });
  });
});
