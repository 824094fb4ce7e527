import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from './chromium';
import { openSidePanel } from './sidepanel-page';
import type { Stack } from './stack';

// Incremental authorisation as a person meets it: a job in the side panel offers "Allow …" where
// Fieldside lacks a permission; the click opens the platform's consent page, where they pick
// themself and press Allow. (Sign-in asks for the day's work; changing badges is asked for here.)

/** The side panel's offers, by the words on their buttons. */
export const ALLOW_BUTTONS = {
  badges: 'Allow changing badges',
  notes: 'Allow reading and adding notes',
  visits: 'Allow recording my visits',
  photos: 'Allow photos and files',
} as const;

/** What a job shows once the feature is allowed. */
const ALLOWED_SHOWS: Record<keyof typeof ALLOW_BUTTONS, string> = {
  badges: 'button.badge-toggle',
  notes: '#note-text',
  // Whatever step the visit is at (the platform may hold some already): the hint under its buttons.
  visits: '#visit p.hint',
  photos: 'label[for="file-input"]',
};

/** Answers the consent page `open` brings up, as `staffUuid`, and returns once it is gone. */
export async function allowOnConsentPage(
  browser: ExtensionBrowser,
  stack: Stack,
  staffUuid: string,
  open: () => Promise<unknown>,
): Promise<Page> {
  const consent = browser.context.waitForEvent('page', {
    predicate: (p) => p.url().includes('/oauth/authorize'),
    timeout: 20_000,
  });
  await open();
  const page = await consent;
  await page.locator('#person').selectOption(`${stack.account.uuid}:${staffUuid}`);
  await page.locator('#allow').click();
  return page;
}

/** Opens a job of the side panel's day (`jobUuid`, or the first listed) and waits for its detail. */
export async function openJobInPanel(panel: Page, jobUuid?: string): Promise<string> {
  const link = jobUuid
    ? panel
        .locator(`li.visit[data-job-uuid="${jobUuid}"] .job-open, li.other-job[data-job-uuid="${jobUuid}"] .job-open`)
        .first()
    : panel.locator('li.visit .job-open, li.other-job .job-open').first();
  await link.waitFor({ timeout: 20_000 });
  const uuid = await link.evaluate((a) => a.closest('li')!.getAttribute('data-job-uuid')!);
  await link.click();
  await panel.locator(`article#job[data-job-uuid="${uuid}"]`).waitFor({ timeout: 20_000 });
  return uuid;
}

/**
 * In the side panel: a job of the day, its "Allow …" for `feature`, the consent page as `staffUuid`;
 * returns once the job shows what was allowed (badges to toggle, the note box).
 */
export async function allowInSidePanel(
  browser: ExtensionBrowser,
  stack: Stack,
  staffUuid: string,
  feature: keyof typeof ALLOW_BUTTONS,
): Promise<void> {
  const panel = await openSidePanel(browser);
  try {
    await openJobInPanel(panel);
    const allow = panel.getByRole('button', { name: ALLOW_BUTTONS[feature] });
    await allowOnConsentPage(browser, stack, staffUuid, () => allow.click());
    await panel.locator(ALLOWED_SHOWS[feature]).first().waitFor({ timeout: 20_000 });
    if (await panel.locator('#error').count())
      throw new Error(`Allowing ${feature}: ${await panel.locator('#error').innerText()}`);
  } finally {
    await panel.close();
  }
}
