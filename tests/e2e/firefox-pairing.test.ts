// Pairing in Firefox ESR (MV2 build, puppeteer-core over WebDriver BiDi: trusted clicks and keys): a technician who
// chose the administrator's name from the list has no administrator feature; then, on a job card in the web app,
// "Use Fieldside in this browser" opens the companion's pairing page, Fieldside's own tab asks "Work as …?", and
// their "Yes" makes the browser theirs on the platform's word.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { PAIRING_CONFIRM_PAGE } from '../../lib/account/pairing-page';
import { findPage, launchFirefox, type FirefoxWithExtension } from './support/firefox';
import { chooseMeFirefox, connectFirefox, signInFirefox } from './support/firefox-pages';
import { activateFirefox, fieldsidePanelFirefox } from './support/firefox-pairing';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let firefox: FirefoxWithExtension;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 40 }));
  firefox = own(await launchFirefox());
});

const text = (page: Page, selector: string) => page.$eval(selector, (el) => el.textContent ?? '');

const activate = () => activateFirefox(firefox, stack);
const fieldsidePanel = () => fieldsidePanelFirefox(firefox, stack, stack.technician);

describe('Firefox pairing', () => {
  it('a technician who chose the administrator’s name gets no administrator feature', async () => {
    const { browser, options } = firefox;
    await connectFirefox(options, stack);
    await signInFirefox(browser, options, stack, stack.technician.uuid);
    // Nobody has activated Fieldside for the account yet, so the job card cannot say who anyone is: the page says
    // so, and who can turn it on, rather than sending the person to a job card that answers "not turned on yet".
    const hint = (await text(options, '#pairing-hint')).replace(/\s+/g, ' ');
    expect(hint).toContain(`Fieldside is not turned on for ${stack.account.name} yet`);
    expect(hint).toContain('An administrator of your account can turn it on');
    expect(hint).not.toContain('Use Fieldside in this browser');
    await chooseMeFirefox(options, stack.administrator);
    await options.waitForSelector('#account-wide-note');
    expect(await text(options, '#account-wide-note')).toContain('first turn Fieldside on for the account');
    expect(await text(options, '#limit-notice')).toContain('once an administrator turns Fieldside on');
    expect(await options.$('#webhooks')).toBeNull();
    expect(await options.$('#view-as')).toBeNull();
    expect(await options.$('#connection')).toBeNull();
  });

  it('"Use Fieldside in this browser" asks on Fieldside’s own page, and "Yes" makes the browser the technician’s', async () => {
    const { browser, options } = firefox;
    await activate();
    const { page, panel } = await fieldsidePanel();
    const pairing = browser.waitForTarget((t) => t.url().startsWith(`${stack.companion.url}/pair`), {
      timeout: 15_000,
    });
    await panel.click('#fieldside-pair');
    const pairPage = (await (await pairing).page())!;
    await pairPage.waitForSelector('#fieldside-pairing[data-state="confirming"]', { timeout: 20_000 });
    expect(await text(pairPage, '#fieldside-pairing-result')).toContain('Confirm in the Fieldside tab');

    const confirm = await findPage(browser, '#pairing-yes');
    // Fieldside's own page (BiDi may report its address as about:blank: ask the page itself).
    expect(await confirm.evaluate(() => `${location.protocol}${location.pathname}`)).toBe(
      `moz-extension:${PAIRING_CONFIRM_PAGE}`,
    );
    expect(await text(confirm, 'h1')).toBe(`Work as ${stack.technician.name} in this browser?`);
    expect(await text(confirm, '#pairing-now')).toContain(stack.administrator.name);
    await confirm.click('#pairing-yes');
    await confirm.waitForSelector('#pairing-done');
    await pairPage.waitForSelector('#fieldside-pairing[data-state="paired"]', { timeout: 20_000 });
    expect(await text(pairPage, '#fieldside-pairing-result')).toContain(`now works as ${stack.technician.name}`);

    // The settings follow by themselves (the session changed under them).
    await options.waitForFunction(
      (name: string) => document.getElementById('me-name')?.textContent === name,
      { timeout: 15_000 },
      stack.technician.name,
    );
    expect(await text(options, '#limit-notice')).toContain('The platform told Fieldside who you are');
    await Promise.all([pairPage.close(), confirm.close(), page.close()]);
  });
});
