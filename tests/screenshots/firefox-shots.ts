import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { findPage, launchPlainFirefox } from '../e2e/support/firefox';
import { chooseMeFirefox, connectFirefox, openFieldsidePage, signInFirefox } from '../e2e/support/firefox-pages';
import type { Stack } from '../e2e/support/stack';
import { SHOTS_DIR, THEMES } from './shoot';

// Firefox's sidebar: the side panel's page as Firefox ESR shows it, for a technician signed in on the
// Firefox build (opened in a tab at the sidebar's size: a headless Firefox draws no sidebar itself).

export async function firefoxSidebarShots(stack: Stack, extensionDir: string): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'fieldside-shots-ff-'));
  const browser = await launchPlainFirefox(profile, { LANG: 'en_AU.UTF-8', LC_ALL: 'en_AU.UTF-8' });
  try {
    await browser.installExtension(extensionDir);
    const welcome = await findPage(browser, '#all-settings');
    await welcome.click('#all-settings');
    const options = await findPage(browser, '#session-state');
    await connectFirefox(options, stack);
    await signInFirefox(browser, options, stack, stack.technician.uuid);
    await chooseMeFirefox(options, stack.technician);
    const panel = await openFieldsidePage(browser, options, '/sidepanel.html', 'li.visit');
    await panel.setViewport({ width: 400, height: 860 });
    await shootFirefox(panel, 'firefox-sidebar');
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function shootFirefox(page: Page, name: string): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    await new Promise((r) => setTimeout(r, 300));
    await page.screenshot({ path: resolve(SHOTS_DIR, `${name}-${theme}.png`) as `${string}.png` });
  }
}
