import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblemsInBothSchemes } from './support/axe';
import { readSecrets } from './support/background';
import type { ExtensionBrowser } from './support/chromium';
import { startConnected } from './support/connected-browser';
import { answerConsentOpenedBy, chooseMe, signOut } from './support/options-page';
import {
  activateAddon,
  answerPairing,
  openPairingLink,
  pairingLinkOf,
  pairThisBrowser,
  signInAsSomeoneElse,
  signOutOfWebApp,
  useFieldsideInThisBrowser,
} from './support/pairing';
import type { Stack } from './support/stack';
import { cacheOf, waitForSynced } from './support/sync';
import { closedBadges } from './support/closed-badges';
import { setUpFile } from '../support/set-up-file';

// Who a browser works as is the platform's word, confirmed by the person (issue 29, findings 2 and 4), in real
// Chromium with the built extension, by clicks only:
// - a colleague's "Use Fieldside in this browser" link opened in the administrator's browser asks first, on
//   Fieldside's own page, and "No" changes nothing;
// - "Yes" makes the browser that person, and "Sign in again" (whoever answers the consent page) keeps them;
// - a technician who chooses the administrator's name from the list gets no administrator feature.

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;

setUpFile(async (own) => {
  ({ stack, browser, options } = await startConnected(own, { jobs: 40 }));
  await activateAddon(browser.context, stack);
});

/** Fieldside's "Sign in with the platform", the consent page answered as `staff` (out of the web app first: signed in
 * there as someone who granted it before, the platform would answer for them at once). */
async function signInAs(staff: { uuid: string }): Promise<void> {
  await options.bringToFront();
  if ((await options.locator('#session-state').getAttribute('data-state')) === 'signed_in') await signOut(options);
  await signInAsSomeoneElse(browser.context, options, stack, staff.uuid);
}

/** The settings page, as the person sees it after coming back to it. */
async function settingsShow(name: string): Promise<void> {
  await options.bringToFront();
  await options.reload();
  await expect
    .poll(() => options.locator('#me-name').textContent(), {
      timeout: 15_000,
      message: `the settings page names ${name}`,
    })
    .toBe(name);
}

/** The administrator's Webhooks section, as the person sees it on the settings page. */
async function expectWebhooksShown(): Promise<void> {
  await expect
    .poll(() => administratorFeatures().webhooks.isVisible(), {
      timeout: 15_000,
      message: "the settings page shows the administrator's Webhooks",
    })
    .toBe(true);
}

const administratorFeatures = () => ({
  webhooks: options.getByRole('heading', { name: 'Webhooks' }),
  viewAs: options.getByLabel('View as'),
  connection: options.getByText('Advanced: where Fieldside connects'),
});

describe('pairing from the job card', () => {
  it('asks before a colleague\'s link changes the administrator\'s browser, and "No" changes nothing', async () => {
    await signInAs(stack.administrator);
    await pairThisBrowser(browser.context, stack, stack.administrator);
    await settingsShow(stack.administrator.name);
    await expectWebhooksShown();

    // A technician sends the link of their own job card; the administrator opens it in this browser.
    const link = await pairingLinkOf(browser.context, stack, stack.technician);
    const tabs = await openPairingLink(browser.context, link);
    // The web page says what happens, and nothing has happened yet.
    await expect
      .poll(() => tabs.pairPage.locator('#fieldside-pairing').getAttribute('data-state'), {
        timeout: 30_000,
        message: "the job card's page asks to confirm in Fieldside's tab",
      })
      .toBe('confirming');
    expect(await tabs.pairPage.locator('#fieldside-pairing-result').textContent()).toContain(
      'Confirm in the Fieldside tab',
    );
    expect(new URL(tabs.pairPage.url()).hash).toBe('');
    // Fieldside's own page asks, and says who this browser works as now.
    expect(await tabs.confirm.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Work as ${stack.technician.name} in this browser?`,
    );
    expect(await tabs.confirm.locator('#pairing-now').textContent()).toContain(stack.administrator.name);
    expect(await tabs.confirm.getByRole('button', { name: `Yes, I am ${stack.technician.name}` }).isVisible()).toBe(
      true,
    );
    // Neither answer has the focus (an Enter must not answer for the person), and the page reads well in both themes.
    expect(await tabs.confirm.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    expect(await axeProblemsInBothSchemes(tabs.confirm)).toEqual([]);

    expect(await answerPairing(tabs, 'no')).toContain('did not change');
    expect(await tabs.confirm.locator('#pairing-done').textContent()).toContain(
      `still works as ${stack.administrator.name}`,
    );
    await settingsShow(stack.administrator.name);
    expect(await options.locator('#limit-notice').textContent()).toContain('The platform told Fieldside who you are');
    await expectWebhooksShown();
    // Only the administrator's identity is kept: the technician's answer was forgotten.
    const secrets = await readSecrets(options);
    expect(secrets.pairedIdentity?.staff?.uuid).toBe(stack.administrator.uuid);
    await Promise.all([tabs.pairPage.close(), tabs.confirm.close()]);
  });

  it('"Yes" makes the browser that person, and "Sign in again" keeps them, whoever answers the consent page', async () => {
    await signInAs(stack.technician);
    const tabs = await useFieldsideInThisBrowser(browser.context, stack, stack.technician);
    expect(await tabs.confirm.locator('#pairing-now').count()).toBe(0); // nobody chosen yet
    // Signed in, not yet said who: the job window's badge says what is left, not "Signed out".
    const badges = await closedBadges(browser.context, tabs.webApp);
    const windowBadge = { css: '.x-window fieldside-badge' };
    await expect.poll(() => badges.text(windowBadge, 'button.badge-quiet .says')).toBe('Finish setup');
    expect(await answerPairing(tabs, 'yes')).toContain(`now works as ${stack.technician.name}`);
    expect(await tabs.confirm.locator('#pairing-done').textContent()).toContain(
      `now works as ${stack.technician.name}`,
    );
    await Promise.all([tabs.pairPage.close(), tabs.confirm.close(), tabs.webApp.close()]);
    await settingsShow(stack.technician.name);
    expect(await options.locator('#limit-notice').textContent()).toContain('The platform told Fieldside who you are');
    await waitForSynced(options, cacheOf(stack, stack.technician.uuid));

    // Signing in again, the consent page answered as the administrator: the platform's word on this browser stands.
    // (Out of the web app first: signed in there with the grant given, the platform would answer at once.)
    const web = await browser.context.newPage();
    await signOutOfWebApp(web, stack);
    await web.close();
    let grants = 0;
    const signInAgain = () => options.getByRole('button', { name: 'Sign in again' }).click();
    await answerConsentOpenedBy(
      browser.context,
      signInAgain,
      stack.account.uuid,
      stack.administrator.uuid,
      async () => {
        grants = (await stack.emulator.control.stats()).grants.authorization_code;
      },
    );
    await options.locator('main[aria-busy="false"]').waitFor({ timeout: 20_000 });
    expect((await stack.emulator.control.stats()).grants.authorization_code).toBe(grants + 1);
    await settingsShow(stack.technician.name);
    expect(await options.getByLabel('Find your name').count()).toBe(0);
    expect(await administratorFeatures().webhooks.count()).toBe(0);
  });
});

describe('a name chosen from the list', () => {
  it('gives a technician who chooses the administrator no administrator feature, and is not acted as', async () => {
    await signInAs(stack.technician);
    // The first thing offered is the platform's word; the list comes after it.
    expect(await options.locator('#pairing-hint').textContent()).toContain('Use Fieldside in this browser');
    await chooseMe(options, stack.administrator);
    await settingsShow(stack.administrator.name);
    expect(await options.locator('#limit-notice').textContent()).toContain('because you chose that name');
    expect(await options.locator('#account-wide-note').textContent()).toContain('Use Fieldside in this browser');
    const features = administratorFeatures();
    expect(await features.webhooks.count()).toBe(0);
    expect(await features.viewAs.count()).toBe(0);
    expect(await features.connection.count()).toBe(0);
    // Fieldside reads with the sign-in's own view, in a cache of its own, never as the administrator.
    await waitForSynced(options, `${cacheOf(stack, stack.administrator.uuid)}:own`);
    const databases = await options.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases).not.toContain(cacheOf(stack, stack.administrator.uuid));
  });
});
