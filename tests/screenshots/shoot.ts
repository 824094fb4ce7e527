import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../e2e/support/chromium';
import { ROOT } from '../e2e/support/paths';
import { transitionsDone } from '../e2e/support/settle';

// Taking one picture of one surface in both themes, at the size the browser gives that surface.

export const SHOTS_DIR = resolve(ROOT, 'docs/screenshots');
export const THEMES = ['light', 'dark'] as const;

export interface Frame {
  width: number;
  height: number;
  /** Crop the picture to the page's content, up to this height: a popup is as tall as what it
   * shows (at most 600 px, as browsers draw it); the options page as long as it is. */
  fitContent?: number;
}

export const FRAMES = {
  popup: { width: 416, height: 600, fitContent: 600 },
  picker: { width: 440, height: 600 },
  sidePanel: { width: 400, height: 860, fitContent: 1600 },
  options: { width: 960, height: 900, fitContent: 4000 },
  welcome: { width: 960, height: 900, fitContent: 4000 },
  confirm: { width: 760, height: 560, fitContent: 1200 },
  webApp: { width: 1280, height: 800 },
} satisfies Record<string, Frame>;

/** Sizes the page's viewport as `frame` says. */
export async function frame(page: Page, frame: Frame): Promise<void> {
  await page.setViewportSize({ width: frame.width, height: frame.height });
}

/** A new page of the extension at `path` ("options.html"), sized as `size` says, once `ready` is there. */
export async function openExtensionPage(
  browser: ExtensionBrowser,
  path: string,
  size: Frame,
  ready: string,
): Promise<Page> {
  const page = await browser.context.newPage();
  await frame(page, size);
  await page.goto(`chrome-extension://${browser.id}/${path}`);
  await page.locator(ready).waitFor();
  return page;
}

/** Writes `<name>-light.png` and `<name>-dark.png`; returns the files written. */
export async function shoot(page: Page, name: string, size: Frame): Promise<string[]> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const files: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await transitionsDone(page);
    // Fonts and one frame: the picture shows what a person sees, not a half-laid-out page.
    await page.evaluate(() =>
      document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
    );
    const path = resolve(SHOTS_DIR, `${name}-${theme}.png`);
    if (size.fitContent) {
      const height = await page.evaluate(() => Math.ceil(document.body.getBoundingClientRect().bottom));
      await page.screenshot({
        path,
        fullPage: true,
        clip: { x: 0, y: 0, width: size.width, height: Math.min(size.fitContent, height) },
      });
    } else {
      await page.screenshot({ path });
    }
    files.push(path);
  }
  return files;
}
