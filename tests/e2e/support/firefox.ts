import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_DIR } from './paths';

// Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi (Playwright can't drive ESR).
// Firefox refuses test navigation to moz-extension:// pages, so the test uses the first-run page the
// extension itself opens on install, and the settings its "All settings" link opens. The proxy prefs point at a dead local port so Firefox makes no
// outside requests; 127.0.0.1 is never proxied.

/** The discard port: nothing listens there, so any proxied (outside) request fails at once. */
const DEAD_PORT = 9;

export interface FirefoxWithExtension {
  browser: Browser;
  /** The first-run page the extension opened when it was installed. */
  welcome: Page;
  /** The settings, opened from the first-run page's "All settings" link. */
  options: Page;
  close(): Promise<void>;
}

/** The first page that shows `selector` (BiDi may report a page's URL as about:blank, so look inside). */
export async function findPage(browser: Browser, selector: string, timeoutMs = 20_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const page of await browser.pages()) {
      if (await page.$(selector).catch(() => null)) return page;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No page shows ${selector}`);
}

/** The first-run page the extension opens on install, and the settings opened from its "All
 * settings" link, as a person would. */
async function findInstallPages(browser: Browser): Promise<{ welcome: Page; options: Page }> {
  const welcome = await findPage(browser, '#all-settings').catch((error: unknown) => {
    throw new Error('Fieldside did not open its first-run page after install', { cause: error });
  });
  await welcome.click('#all-settings');
  return { welcome, options: await findPage(browser, '#session-state') };
}

/** Headless Firefox ESR that reaches 127.0.0.1 only, with a fresh profile (`profile`, removed by the caller);
 * `env` on top of the test's (its zone and clock: support/clocks.ts). */
export function launchPlainFirefox(
  profile: string,
  env?: Record<string, string>,
  prefs: Record<string, unknown> = {},
): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    userDataDir: profile,
    ...(env ? { env: { ...process.env, ...env } } : {}),
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': DEAD_PORT,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': DEAD_PORT,
      'network.proxy.no_proxies_on': '127.0.0.1',
      'app.update.enabled': false,
      'extensions.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      ...prefs,
    },
  });
}

/** `extensionDir`: the built Firefox extension (the e2e build by default; the benchmarks load their own);
 * `env`: the browser's environment on top of ours (a time zone, a moved clock). */
export async function launchFirefox(
  launch: { env?: Record<string, string>; extensionDir?: string } = {},
): Promise<FirefoxWithExtension> {
  const profile = mkdtempSync(join(tmpdir(), 'fieldside-ff-'));
  const browser = await launchPlainFirefox(profile, launch.env);
  try {
    await browser.installExtension(launch.extensionDir ?? FIREFOX_DIR);
    const { welcome, options } = await findInstallPages(browser);
    return {
      browser,
      welcome,
      options,
      async close() {
        await browser.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
