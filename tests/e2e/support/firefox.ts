import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_DIR } from './paths';
import { setUpStep } from '../../support/set-up-steps';
import { assertFirefoxRuns } from './firefox-version';

// Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi (Playwright can't drive ESR).
// Firefox refuses test navigation to moz-extension:// pages, so the test uses the first-run page the
// extension itself opens on install, and the settings its "All settings" link opens. The proxy prefs point at a dead local port so Firefox makes no
// outside requests; 127.0.0.1 is never proxied.

/** The discard port: nothing listens there, so any proxied (outside) request fails at once. */
const DEAD_PORT = 9;
const FIREFOX_ESR = '/usr/bin/firefox-esr';

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
  const welcome = await findPage(browser, '#all-settings', START_WATCH_MS).catch((error: unknown) => {
    throw new FieldsideDidNotStart('Fieldside did not open its first-run page after install', { cause: error });
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
    executablePath: FIREFOX_ESR,
    headless: true,
    userDataDir: profile,
    // A WebDriver BiDi command Firefox never answers fails after a minute with the command's name, rather than
    // after puppeteer's three minutes as a test's timeout that names nothing.
    protocolTimeout: 60_000,
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
      // Mozilla's add-on blocklist, which Firefox consults before it starts an add-on: with the clock moved
      // (clocks.ts), about one install in five waited forever for it (see SHIFTED_CLOCK_STARTS). This Firefox can't
      // reach Mozilla's lists anyway (the proxy above).
      'extensions.blocklist.enabled': false,
      ...prefs,
    },
  });
}

/** How long Fieldside's install and first-run page may take before a Firefox with a moved clock is given up for a
 * fresh one: both take about a second. */
const START_WATCH_MS = 20_000;
/** Starts of Firefox with a moved clock (clocks.ts). About one start in four never starts Fieldside: the install
 * never answers (Firefox's blocklist check, now off), or it answers and no first-run page opens. It
 * happens with the clock moved by a minute as by hours, and never with datefudge loaded and the clock not moved
 * (0 in 14), nor without it (0 in 36): most likely a wait in Firefox given an end on the moved wall clock, which the
 * kernel then waits for on the real one. The cause is the clock-moving's, not Fieldside's; a fresh
 * Firefox starts it, so four starts leave about one file run in 250 to fail. */
const SHIFTED_CLOCK_STARTS = 4;

class FieldsideDidNotStart extends Error {}

/** `extensionDir`: the built Firefox extension (the e2e build by default; the benchmarks load their own);
 * `env`: the browser's environment on top of ours (a time zone, a moved clock). */
export async function launchFirefox(
  launch: { env?: Record<string, string>; extensionDir?: string } = {},
): Promise<FirefoxWithExtension> {
  const starts = launch.env?.DATEFUDGE ? SHIFTED_CLOCK_STARTS : 1;
  for (let start = 1; ; start++) {
    try {
      return await launchFirefoxOnce(launch);
    } catch (error) {
      if (!(error instanceof FieldsideDidNotStart) || start >= starts) throw error;
      console.warn(`Firefox with a moved clock did not start Fieldside (${error.message}); a fresh Firefox`);
    }
  }
}

async function launchFirefoxOnce(launch: { env?: Record<string, string>; extensionDir?: string }) {
  assertFirefoxRuns(FIREFOX_ESR, launch.extensionDir ?? FIREFOX_DIR);
  const profile = mkdtempSync(join(tmpdir(), 'fieldside-ff-'));
  const browser = await setUpStep('launching Firefox', () => launchPlainFirefox(profile, launch.env));
  try {
    await setUpStep('installing Fieldside in Firefox', () =>
      withinStartWatch(browser.installExtension(launch.extensionDir ?? FIREFOX_DIR), 'its install never answered'),
    );
    const { welcome, options } = await setUpStep("opening Fieldside's first-run page and its settings", () =>
      findInstallPages(browser),
    );
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

function withinStartWatch<T>(work: Promise<T>, otherwise: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FieldsideDidNotStart(otherwise)), START_WATCH_MS);
  });
  return Promise.race([work, watch]).finally(() => clearTimeout(timer));
}
