import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { CHROME_EXTENSION_ID } from '../../../contracts/extension-ids';
import { CHROME_DIR } from './paths';
import { setUpStep } from '../../support/set-up-steps';

// Headless Chromium with the built extension, a fresh profile each time (TOOLCHAIN.md's flags).

export interface ExtensionBrowser {
  context: BrowserContext;
  id: string;
  /** The current background service worker (a new one after a restart). */
  worker(): Promise<Worker>;
  openOptions(): Promise<Page>;
  close(): Promise<void>;
}

/** `env`: the browser's environment on top of the test's (its zone and clock: support/clocks.ts);
 * `locale`: the person's language and region (navigator.language), the browser's default otherwise. */
export async function launchChromium(
  extensionDir = CHROME_DIR,
  options: { env?: Record<string, string>; locale?: string } = {},
): Promise<ExtensionBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'fieldside-e2e-'));
  const context = await setUpStep('launching Chromium', () => launchPersistentContext(profile, extensionDir, options));
  const prefix = `chrome-extension://${CHROME_EXTENSION_ID}/`;
  async function worker(): Promise<Worker> {
    const live = context.serviceWorkers().find((w) => w.url().startsWith(prefix));
    return (
      live ?? context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith(prefix), timeout: 15_000 })
    );
  }
  try {
    await setUpStep("waiting for Fieldside's service worker", worker);
  } catch (error) {
    // Don't leave a browser or a profile behind when the extension failed to start.
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    context,
    id: CHROME_EXTENSION_ID,
    worker,
    async openOptions() {
      const page = await context.newPage();
      await page.goto(`${prefix}options.html`);
      await page.locator('#session-state').waitFor();
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function launchPersistentContext(
  profile: string,
  extensionDir: string,
  options: { env?: Record<string, string>; locale?: string },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    ...(options.env ? { env: { ...process.env, ...options.env } as Record<string, string> } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      // The platform's job card shows an add-on in a sandboxed frame. Headless Chromium puts such a frame in a
      // process of its own and, right after it is sized, routes a synthetic click on it to the page around it (the
      // first click on the panel then did nothing, most runs). In one process the click reaches the button.
      '--disable-features=IsolateSandboxedIframes',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
      ...(options.locale ? [`--lang=${options.locale}`] : []),
    ],
  });
}
