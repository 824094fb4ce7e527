import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../e2e/support/chromium';
import { firstRunPage } from '../e2e/support/first-hour';
import { FRAMES, frame, shoot } from './shoot';

// The first-run page the install opens: at its start, while it asks who you are, and done.

export async function welcomePage(browser: ExtensionBrowser): Promise<Page> {
  const page = await firstRunPage(browser.context);
  await frame(page, FRAMES.welcome);
  await page.getByRole('heading', { name: 'Welcome to Fieldside' }).waitFor();
  return page;
}

export async function welcomeShot(page: Page, name: 'welcome-start' | 'welcome-who' | 'welcome-done'): Promise<void> {
  await page.bringToFront();
  await page.reload();
  if (name === 'welcome-who') await page.getByLabel('Find your name').waitFor();
  if (name === 'welcome-done') {
    await page.getByRole('button', { name: /^Open my day/ }).click();
    await page.locator('#welcome-done').waitFor();
  }
  if (name === 'welcome-start') await page.locator('#step-connect[data-state="current"]').waitFor();
  await page.mouse.move(2, 2);
  await shoot(page, name, FRAMES.welcome);
}
