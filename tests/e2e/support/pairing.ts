import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { PAIRING_CONFIRM_PAGE } from '../../../lib/account/pairing-page';
import { signInToWebApp } from './content-page';
import { settledPanel } from './job-card';
import { signInThroughConsent } from './options-page';
import type { Stack } from './stack';

// Pairing as people do it: the administrator activates Fieldside once from the web app's Add-ons page; a staff member
// opens a job in the web app, chooses "Fieldside" on its card and "Use Fieldside in this browser"; the companion's
// pairing page opens, and Fieldside's own tab asks "Work as <name> in this browser?", which they answer with a click.

/** The administrator adds Fieldside from the add-on store (Activate, the consent page, Allow), and leaves the web app
 * (signed in there with the grant given, the platform would answer a later sign-in at once). Once per account: the
 * store says "Activate again" as soon as any sign-in of the app has a grant (the platform's rule for its job-card
 * actions), but only an activation hands the companion the account's grant. */
export async function activateAddon(context: BrowserContext, stack: Stack): Promise<void> {
  const page = await context.newPage();
  await signInToWebApp(page, stack, stack.administrator.uuid);
  await page.getByRole('link', { name: 'Add-ons' }).click();
  await page.locator('#addon-store-activate').click();
  // The consent page, unless the administrator signed in here already granted all it asks.
  await page.locator('#person, #activated').first().waitFor({ timeout: 20_000 });
  if (await page.locator('#person').isVisible()) {
    await page.locator('#person').selectOption(`${stack.account.uuid}:${stack.administrator.uuid}`);
    await page.locator('#allow').click();
  }
  await page.locator('#activated').waitFor({ timeout: 20_000 });
  await signOutOfWebApp(page, stack);
  await page.close();
}

/** The web app's "Sign out", if someone is signed in there. */
export async function signOutOfWebApp(page: Page, stack: Stack): Promise<void> {
  await page.goto(stack.emulator.info.web_url);
  await page.locator('#person, #sign-out').first().waitFor();
  if (!(await page.locator('#sign-out').isVisible())) return;
  await page.locator('#sign-out').click();
  await page.waitForURL(/\/login/);
}

/** Someone else at this browser: out of the platform's web app first (signed in there with the grant given, the
 * platform would answer at once), then the extension's sign-in, the consent page answered as `staffUuid`. */
export async function signInAsSomeoneElse(
  context: BrowserContext,
  options: Page,
  stack: Stack,
  staffUuid: string,
): Promise<void> {
  const web = await context.newPage();
  await signOutOfWebApp(web, stack);
  await web.close();
  await signInThroughConsent(context, options, stack.account.uuid, staffUuid);
}

/** The web app signed in as `staff`, the first job the list shows opened, and Fieldside chosen on its card. */
export async function openFieldsideOnJobCard(
  context: BrowserContext,
  stack: Stack,
  staff: { uuid: string },
): Promise<{ page: Page; panel: FrameLocator }> {
  const page = await context.newPage();
  await signInToWebApp(page, stack, staff.uuid);
  // On a computer: the phone view (which the web app remembers) has no extension to pair.
  if (await page.locator('body.device-phone').count()) {
    await page.getByRole('link', { name: 'Desktop view' }).click();
    await page.locator('body:not(.device-phone)').waitFor();
    await page.locator('html[data-app-ready]').waitFor();
  }
  const row = page.locator('#job-grid .x-grid-row').first();
  const jobUuid = await row.getAttribute('data-job-uuid');
  await row.click();
  await page
    .locator(`.x-window[data-job-uuid="${jobUuid}"]`)
    .getByRole('button', { name: 'Fieldside', exact: true })
    .click();
  return { page, panel: await settledPanel(page) };
}

/** Where "Use Fieldside in this browser" leads for `staff`: what a colleague would copy and send. */
export async function pairingLinkOf(context: BrowserContext, stack: Stack, staff: { uuid: string }): Promise<string> {
  const { page, panel } = await openFieldsideOnJobCard(context, stack, staff);
  const href = await panel.getByRole('link', { name: 'Use Fieldside in this browser' }).getAttribute('href');
  await page.close();
  if (!href) throw new Error('The job card has no pairing link');
  return href;
}

export interface PairingTabs {
  /** The companion's pairing page. */
  pairPage: Page;
  /** Fieldside's own page asking "Work as …?". */
  confirm: Page;
}

const isConfirmPage = (p: Page) => new URL(p.url()).pathname === PAIRING_CONFIRM_PAGE;

/** Runs `open`, which answers the companion's pairing page it led to, and waits for the confirmation tab Fieldside
 * opens for it. */
async function pairingTabs(context: BrowserContext, open: () => Promise<Page>): Promise<PairingTabs> {
  const confirming = context.waitForEvent('page', { predicate: isConfirmPage, timeout: 30_000 });
  const [pairPage, confirm] = await Promise.all([open(), confirming]);
  await confirm.getByRole('heading', { name: /^Work as .* in this browser\?$/ }).waitFor({ timeout: 15_000 });
  return { pairPage, confirm };
}

/** `staff` chooses "Use Fieldside in this browser" on a job card in this browser. */
export async function useFieldsideInThisBrowser(
  context: BrowserContext,
  stack: Stack,
  staff: { uuid: string },
): Promise<PairingTabs & { webApp: Page }> {
  const { page, panel } = await openFieldsideOnJobCard(context, stack, staff);
  const tabs = await pairingTabs(context, async () => {
    const pairing = context.waitForEvent('page', {
      predicate: (p) => p.url().startsWith(`${stack.companion.url}/pair`),
      timeout: 15_000,
    });
    await panel.getByRole('link', { name: 'Use Fieldside in this browser' }).click();
    return pairing;
  });
  return { ...tabs, webApp: page };
}

/** A link someone sent, opened in this browser (as a click in a mail would). */
export async function openPairingLink(context: BrowserContext, href: string): Promise<PairingTabs> {
  return pairingTabs(context, async () => {
    const page = await context.newPage();
    await page.goto(href);
    return page;
  });
}

/** The person's answer on Fieldside's confirmation page, then what the pairing page says of it. */
export async function answerPairing(tabs: PairingTabs, answer: 'yes' | 'no'): Promise<string> {
  await tabs.confirm.bringToFront();
  await tabs.confirm.locator(answer === 'yes' ? '#pairing-yes' : '#pairing-no').click();
  await tabs.confirm.locator('#pairing-done').waitFor({ timeout: 15_000 });
  const state = answer === 'yes' ? 'paired' : 'declined';
  await tabs.pairPage.locator(`#fieldside-pairing[data-state="${state}"]`).waitFor({ timeout: 30_000 });
  return (await tabs.pairPage.locator('#fieldside-pairing-result').textContent()) ?? '';
}

/** `staff` pairs this browser from a job card and says "Yes": Fieldside then works as them on the platform's word. */
export async function pairThisBrowser(context: BrowserContext, stack: Stack, staff: { uuid: string }): Promise<void> {
  const tabs = await useFieldsideInThisBrowser(context, stack, staff);
  await answerPairing(tabs, 'yes');
  await Promise.all([tabs.pairPage.close(), tabs.confirm.close(), tabs.webApp.close()]);
}

/** Signs `staff` in on the settings page (already connected) and pairs this browser with them from a job card, as an
 * administrator does before the account's own settings are theirs (Fieldside activated for the account first). */
export async function signInPaired(
  context: BrowserContext,
  options: Page,
  stack: Stack,
  staff: { uuid: string; name: string },
): Promise<void> {
  await activateAddon(context, stack);
  await signInThroughConsent(context, options, stack.account.uuid, staff.uuid);
  await pairThisBrowser(context, stack, staff);
  await options.bringToFront();
  await options.reload();
  await options.locator('#me-name').filter({ hasText: staff.name }).waitFor({ timeout: 15_000 });
}
