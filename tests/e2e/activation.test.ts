import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchPlainFirefox } from './support/firefox';
import { startStack, type Stack } from './support/stack';
import { launchLocalChromium } from '../support/local-chromium';

// An administrator adds Fieldside from the platform's add-on store: the platform sends their browser to the
// add-on's Activation URL, the companion sends it on to the platform's consent page, the administrator picks
// themself and clicks Allow, and the companion's page says Fieldside is activated and what to do next. In real
// Chromium and real Firefox, without the extension (the administrator may not have it yet), clicks only.

let stack: Stack;

// A stack (and so an account) per browser: an account activated once keeps its grant, and only an
// administrator's ticket from the job card may replace it, so a second activation would be refused.
beforeEach(async () => {
  stack = await startStack({ jobs: 20 });
});
afterEach(() => stack?.close());

const activationUrl = () => `${stack.companion.url}/activate`;
const administrator = () => `${stack.account.uuid}:${stack.administrator.uuid}`;
const codesRedeemed = async () => (await stack.emulator.control.stats()).grants.authorization_code;

describe('activating the add-on', () => {
  it('in Chromium: the home page, then the store\'s Activation URL → consent → Allow → "activated"', async () => {
    const browser = await launchLocalChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${stack.companion.url}/`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Fieldside for field-service teams');
      expect(await page.getByRole('link', { name: 'Fieldside for Chrome' }).getAttribute('href')).toBe(
        'https://chromewebstore.google.com/search/Fieldside',
      );

      const before = await codesRedeemed();
      await page.goto(activationUrl());
      await page.locator('#person').selectOption(administrator());
      await page.locator('#allow').click();
      await page.locator('#activated').waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).origin).toBe(stack.companion.url);
      expect(await page.locator('#activated').textContent()).toBe('Fieldside is activated for your account');
      expect(await page.getByRole('link', { name: 'Fieldside for Firefox' }).getAttribute('href')).toBe(
        'https://addons.mozilla.org/firefox/search/?q=Fieldside',
      );
      expect(await codesRedeemed()).toBe(before + 1);

      // Reloaded, the spent answer is not taken for a second activation, and the page says why.
      await page.reload();
      await expect.poll(() => page.locator('#not-activated').textContent()).toBe('Fieldside was not activated');
      expect(await page.getByRole('alert').textContent()).toBe(
        'This activation has already finished, or was started in another browser or window, so it cannot finish here.',
      );
      expect(await codesRedeemed()).toBe(before + 1);
    } finally {
      await browser.close();
    }
  });

  it('in Firefox: the store\'s Activation URL → consent → Allow → "activated"; Deny says nothing was changed', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'fieldside-ff-activation-'));
    const browser = await launchPlainFirefox(profile);
    try {
      const page = await browser.newPage();
      const before = await codesRedeemed();
      await page.goto(activationUrl());
      await page.waitForSelector('#person');
      await page.select('#person', administrator());
      await Promise.all([page.waitForNavigation(), page.click('#allow')]);
      const heading = await page.waitForSelector('#activated', { timeout: 20_000 });
      expect(await heading!.evaluate((h) => h.textContent)).toBe('Fieldside is activated for your account');
      expect(new URL(page.url()).origin).toBe(stack.companion.url);
      expect(await codesRedeemed()).toBe(before + 1);

      // Deny, in a browser of its own: this one is signed in to the platform now, which would send it straight
      // back without asking.
      const otherProfile = mkdtempSync(join(tmpdir(), 'fieldside-ff-activation-'));
      const other = await launchPlainFirefox(otherProfile);
      try {
        const denying = await other.newPage();
        await denying.goto(activationUrl());
        await denying.waitForSelector('#person');
        await denying.select('#person', administrator());
        await Promise.all([denying.waitForNavigation(), denying.click('#deny')]);
        const refused = await denying.waitForSelector('#not-activated', { timeout: 20_000 });
        expect(await refused!.evaluate((h) => h.textContent)).toBe('Fieldside was not activated');
        expect(await denying.$eval('[role="alert"]', (p) => p.textContent)).toBe(
          'You chose not to allow Fieldside, so nothing was changed.',
        );
        expect(await codesRedeemed()).toBe(before + 1);
      } finally {
        await other.close();
        rmSync(otherProfile, { recursive: true, force: true });
      }
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
