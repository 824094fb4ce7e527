import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findPage, launchPlainFirefox } from '../e2e/support/firefox';
import { chooseMeFirefox, connectFirefox, openFieldsidePage, signInFirefox } from '../e2e/support/firefox-pages';
import type { Stack } from '../e2e/support/stack';
import { SHOTS_DIR, THEMES } from './shoot';

// Firefox's sidebar: the side panel's page as Firefox ESR shows it, for a technician signed in on the
// Firefox build (opened in a tab at the sidebar's size: a headless Firefox draws no sidebar itself).

/** Firefox's pref for the colour scheme pages see: 0 dark, 1 light (puppeteer's emulation needs CDP). */
const SCHEME = { dark: 0, light: 1 } as const;

export async function firefoxSidebarShots(stack: Stack, extensionDir: string): Promise<void> {
  for (const theme of THEMES) await sidebarShot(stack, extensionDir, theme);
}

async function sidebarShot(stack: Stack, extensionDir: string, theme: (typeof THEMES)[number]): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'fieldside-shots-ff-'));
  const browser = await launchPlainFirefox(
    profile,
    { LANG: 'en_AU.UTF-8', LC_ALL: 'en_AU.UTF-8' },
    {
      'layout.css.prefers-color-scheme.content-override': SCHEME[theme],
      'intl.locale.requested': 'en-AU',
      'intl.accept_languages': 'en-AU, en',
    },
  );
  try {
    await browser.installExtension(extensionDir);
    const welcome = await findPage(browser, '#all-settings');
    await welcome.click('#all-settings');
    const options = await findPage(browser, '#session-state');
    await connectFirefox(options, stack);
    await signInFirefox(browser, options, stack, stack.technician.uuid);
    await chooseMeFirefox(options, stack.technician);
    // Should the platform be busy as Firefox signs in, the sidebar first shows its kept day, then reads it again by
    // itself (lib/side-panel/kept-retry.ts) once the platform's minute is over.
    const panel = await openFieldsidePage(browser, options, '/sidepanel.html', 'li.visit', 120_000);
    await panel.setViewport({ width: 400, height: 860 });
    await new Promise((r) => setTimeout(r, 300));
    await panel.screenshot({ path: resolve(SHOTS_DIR, `firefox-sidebar-${theme}.png`) as `${string}.png` });
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
