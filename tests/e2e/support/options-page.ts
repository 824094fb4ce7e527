import type { BrowserContext, Page } from 'playwright-core';
import type { Stack } from './stack';
import { setUpStep } from '../../support/set-up-steps';

// Drives the options page and the platform's consent page the way a person would.

/** Opens "Advanced: where Fieldside connects" and points Fieldside at the test's own servers. */
export async function connect(page: Page, stack: Stack): Promise<void> {
  const { base_url, auth_url, web_url } = stack.emulator.info;
  await page.getByText('Advanced: where Fieldside connects').click();
  await page.getByLabel('Platform REST API').fill(base_url);
  await page.getByLabel('Platform sign-in').fill(auth_url);
  await page.getByLabel('Platform web app').fill(web_url);
  await page.getByLabel('Fieldside companion').fill(stack.companion.url);
  await page.getByRole('button', { name: 'Save connection' }).click();
  await page.waitForFunction(
    (url) => (document.getElementById('rest-url') as HTMLInputElement | null)?.value === url,
    base_url,
  );
}

/** Clicks "Sign in", answers the consent page (which the identity API opens as a new window) as `staffUuid`. */
export async function signInThroughConsent(
  context: BrowserContext,
  options: Page,
  accountUuid: string,
  staffUuid: string,
): Promise<void> {
  await setUpStep('signing in through the consent page', async () => {
    await answerConsent(context, options, accountUuid, staffUuid);
    await options.locator('#session-state[data-state="signed_in"]').waitFor({ timeout: 20_000 });
  });
}

/** Clicks "Sign in with the platform" on `page` (options or first-run) and answers the consent page it opens
 * as `staffUuid`: picks them, then Allow (`beforeAllow` runs just before that click). */
export async function answerConsent(
  context: BrowserContext,
  page: Page,
  accountUuid: string,
  staffUuid: string,
  beforeAllow?: () => void | Promise<void>,
): Promise<void> {
  const signIn = () => page.getByRole('button', { name: 'Sign in with the platform' }).click();
  await answerConsentOpenedBy(context, signIn, accountUuid, staffUuid, beforeAllow);
}

/** Answers the consent page that `open` (a press of some "Sign in" of Fieldside's) opens, as `staffUuid`: picks
 * them, then Allow (`beforeAllow` runs, and is waited for, just before that click). */
export async function answerConsentOpenedBy(
  context: BrowserContext,
  open: () => Promise<void>,
  accountUuid: string,
  staffUuid: string,
  beforeAllow?: () => void | Promise<void>,
): Promise<void> {
  const consent = context.waitForEvent('page', {
    predicate: (p) => p.url().includes('/oauth/authorize'),
    timeout: 20_000,
  });
  await open();
  const consentPage = await consent;
  await consentPage.locator('#person').selectOption(`${accountUuid}:${staffUuid}`);
  await beforeAllow?.();
  await consentPage.locator('#allow').click();
}

/** "Who are you", as a person answers it: types their name into the staff search, picks themself,
 * "This is me". On the options page (or the first-run page, with `shown` its own confirmation). */
export async function chooseMe(page: Page, staff: { uuid: string; name: string }, shown = '#me-name'): Promise<void> {
  await page.getByLabel('Find your name').fill(staff.name);
  await page.getByRole('radio', { name: staff.name, exact: true }).check();
  await page.getByRole('button', { name: 'This is me' }).click();
  try {
    await page.waitForFunction(
      ([selector, name]) => document.querySelector(selector!)?.textContent?.includes(name!) ?? false,
      [shown, staff.name],
      { timeout: 15_000 },
    );
  } catch (error) {
    const state = await page.evaluate(() => ({
      me: document.getElementById('me-name')?.textContent,
      error: document.getElementById('error')?.textContent,
      picked: (document.querySelector('input[name="me"]:checked') as HTMLInputElement | null)?.value,
      busy: document.querySelector('main')?.getAttribute('aria-busy'),
    }));
    throw new Error(`"${staff.name}" was not shown as me: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** API-key mode, as a person sets it up: the key typed into "API key", "Use API key". */
export async function useApiKey(options: Page, apiKey: string): Promise<void> {
  await options.getByLabel('API key', { exact: true }).fill(apiKey);
  await options.getByRole('button', { name: 'Use API key' }).click();
  await options.locator('#session-state[data-state="signed_in"]').waitFor({ timeout: 20_000 });
}

/** The options page's "Sign out". */
export async function signOut(options: Page): Promise<void> {
  await options.getByRole('button', { name: 'Sign out' }).click();
  await options.locator('#session-state[data-state="signed_out"]').waitFor({ timeout: 20_000 });
}
