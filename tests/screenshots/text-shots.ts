import type { ExtensionBrowser } from '../e2e/support/chromium';
import type { FieldDay } from '../e2e/support/field-worker';
import { allowOnConsentPage, openJobInPanel } from '../e2e/support/grant-feature';
import type { Stack } from '../e2e/support/stack';
import { giveJobAMobile } from '../e2e/support/job-actions';
import { openSidePanel } from './panel-shots';
import { FRAMES, shoot } from './shoot';

// "On my way" texting the customer, on the day's second visit (the first is the visit's own pictures): the offer
// asking for texting, the text ticked with its words and the charge, and the text waiting with the network cut.

export async function textOfferShots(browser: ExtensionBrowser, stack: Stack, day: FieldDay): Promise<void> {
  const jobUuid = day.visitJobs.find((j) => j !== day.job.uuid) ?? day.job.uuid;
  const { control } = stack.emulator;
  await giveJobAMobile(stack, jobUuid);
  const page = await openSidePanel(browser);
  await openJobInPanel(page, jobUuid);
  await page.locator('#texts-allow').waitFor({ timeout: 20_000 });
  await shoot(page, 'sidepanel-text-ask', FRAMES.sidePanel);
  await allowOnConsentPage(browser, stack, stack.technician.uuid, () =>
    page.getByRole('button', { name: 'Allow texting customers' }).click(),
  );
  await page.locator('#text-customer').check({ timeout: 20_000 });
  await shoot(page, 'sidepanel-text-offer', FRAMES.sidePanel);
  await control.injectFault({ kind: 'drop', rate: 1 });
  try {
    await page.getByRole('button', { name: 'On my way' }).click();
    await page.locator('.text-state[data-state="waiting"]').waitFor({ timeout: 10_000 });
    await shoot(page, 'sidepanel-text-waiting', FRAMES.sidePanel);
  } finally {
    await control.clearFaults();
  }
  await page.locator('.text-state[data-state="sent"]').waitFor({ timeout: 90_000 });
  await page.close();
}
