// The add-on store in real Chromium (TOOLCHAIN.md), acting as a person, against the development stack (the emulator
// hosting the real companion's add-on): an administrator of an account that never activated Fieldside signs in to
// the web app, opens Add-ons, clicks Activate, lands on the companion's Activation URL, allows on the platform's
// consent page, reads "Fieldside is activated", and then finds Fieldside's action on a job card.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../contracts/companion-http';
import type { AccountInfo, StaffInfo } from '../emulator/contracts';
import { axeProblems } from '../../tests/e2e/support/axe';
import { startDevStack, type DevStack } from './dev-stack';
import { launchLocalChromium } from '../../tests/support/local-chromium';

let stack: DevStack;
let browser: Browser;
let account: AccountInfo;
let admin: StaffInfo;
const companionLog: unknown[] = [];

beforeAll(async () => {
  // The companion's request lines are kept, not printed: the test reads the activation's from the browser.
  stack = await startDevStack({
    emulator: { jobs: 30, quiet: true },
    companionDeps: { log: (line) => void companionLog.push(line) },
  });
  account = stack.emulator.info.accounts[0]!;
  admin = account.staff.find((s) => s.role === 'administrator' && s.active)!;
  browser = await launchLocalChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function signInToWebApp(page: Page, staff: StaffInfo) {
  await page.goto(`${stack.emulator.info.web_url}/`);
  await page.locator('#person').selectOption(`${account.uuid}:${staff.uuid}`);
  await page.locator('#sign-in-submit').click();
  await page.locator('html[data-app-ready]').waitFor();
}

describe('the add-on store in the web app', () => {
  it('an administrator activates Fieldside from Add-ons: Activation URL, consent, Allow, "activated", and the job card has the action', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await signInToWebApp(page, admin);
      // Before: the job card has no Fieldside action, and the store says it is not active.
      const job = String((await stack.emulator.control.listRecords(account.uuid, 'job'))[0]!.uuid);
      await page.locator(`#job-grid .x-grid-row[data-job-uuid="${job}"]`).click();
      const jobWindow = page.locator(`.x-window[data-job-uuid="${job}"]`);
      await jobWindow.waitFor();
      expect(await jobWindow.getByRole('button', { name: 'Fieldside' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Add-ons' }).click();
      await page.getByRole('heading', { name: 'Fieldside' }).waitFor();
      expect(await page.locator('#addon-store-state').innerText()).toBe('Not activated for your account');
      expect(await axeProblems(page, 'light', [['#app-viewport']])).toEqual([]);

      const activationHits: string[] = [];
      page.on('request', (r) => {
        if (r.isNavigationRequest() && r.url().startsWith(`${stack.companion.url}${COMPANION_PATHS.activation}`))
          activationHits.push(r.url());
      });
      await page.getByRole('link', { name: 'Activate', exact: true }).click();
      // The companion sent the browser on to the platform's consent page; the signed-in administrator is chosen.
      await page.locator('#allow').waitFor({ timeout: 20_000 });
      expect(activationHits).toEqual([`${stack.companion.url}${COMPANION_PATHS.activation}`]);
      expect(await page.locator('#person').inputValue()).toBe(`${account.uuid}:${admin.uuid}`);
      await page.locator('#allow').click();
      await page.locator('#activated').waitFor({ timeout: 20_000 });
      expect(await page.locator('#activated').innerText()).toBe('Fieldside is activated for your account');

      // Back in the web app: the store says so, and the job card offers the action.
      await page.goto(`${stack.emulator.info.web_url}/addons`);
      expect(await page.locator('#addon-store-state').innerText()).toBe('Active for your account');
      expect(await page.getByRole('link', { name: 'Activate again' }).count()).toBe(1);
      await page.getByRole('link', { name: 'Jobs' }).click();
      await page.locator('html[data-app-ready]').waitFor();
      await page.locator(`#job-grid .x-grid-row[data-job-uuid="${job}"]`).click();
      await page.locator(`.x-window[data-job-uuid="${job}"]`).getByRole('button', { name: 'Fieldside' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a technician finds Add-ons in the phone view and is told to ask an administrator', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const other = stack.emulator.info.accounts[1]!;
      const technician = other.staff.find((s) => s.role === 'technician' && s.active)!;
      await page.goto(`${stack.emulator.info.web_url}/?device=phone`);
      await page.locator('#person').selectOption(`${other.uuid}:${technician.uuid}`);
      await page.locator('#sign-in-submit').click();
      await page.locator('body.device-phone').waitFor();
      await page.getByRole('link', { name: 'Add-ons' }).click();
      await page.getByRole('heading', { name: 'Fieldside' }).waitFor();
      expect(await page.locator('body.device-phone').count()).toBe(1);
      expect(await page.locator('#addon-store-ask').innerText()).toBe('Ask an administrator to activate it.');
      expect(await page.getByRole('link', { name: 'Activate' }).count()).toBe(0);
      expect(await axeProblems(page, 'light', [['#app-viewport']])).toEqual([]);
      const card = (await page.locator('#addon-store-item').boundingBox())!;
      expect(card.x + card.width).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
