import type { BrowserContext, Page } from 'playwright-core';
import { sendFromPage } from './chromium';

/** Incremental authorisation, as a person does it: the feature asks, the consent page opens, Allow. */
export async function grantFeature(context: BrowserContext, options: Page, feature: string, accountUuid: string, staffUuid: string): Promise<void> {
  const consent = context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize'), timeout: 20_000 });
  const reply = sendFromPage(options, 'session.requestFeature', { feature });
  const page = await consent;
  await page.locator('#person').selectOption(`${accountUuid}:${staffUuid}`);
  await page.locator('#allow').click();
  const answer = await reply;
  if (!answer.ok) throw new Error(`Granting "${feature}" failed: ${answer.error?.name}: ${answer.error?.message}`);
}
