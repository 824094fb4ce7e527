import type { BrowserContext } from 'playwright-core';
import { useFieldsideInThisBrowser } from '../e2e/support/pairing';
import type { Stack } from '../e2e/support/stack';
import { FRAMES, frame, shoot } from './shoot';

// Pairing from the job card (after the add-on was activated, job-card-shots.ts): the technician chooses "Use
// Fieldside in this browser"; the companion's pairing page says to confirm in Fieldside's tab, and that tab asks
// "Work as <name> in this browser?". Their "Yes" then makes the browser theirs on the platform's word.

export async function pairingShots(context: BrowserContext, stack: Stack): Promise<void> {
  const { pairPage, confirm, webApp } = await useFieldsideInThisBrowser(context, stack, stack.technician);
  await frame(confirm, FRAMES.confirm);
  await confirm.mouse.move(2, 2);
  await shoot(confirm, 'pairing-confirm', FRAMES.confirm);
  await frame(pairPage, FRAMES.confirm);
  await pairPage.locator('#fieldside-pairing[data-state="confirming"]').waitFor();
  await shoot(pairPage, 'pairing-page', FRAMES.confirm);
  await confirm.bringToFront();
  await confirm.locator('#pairing-yes').click();
  await confirm.locator('#pairing-done').waitFor();
  await shoot(confirm, 'pairing-confirmed', FRAMES.confirm);
  await Promise.all([pairPage.close(), confirm.close(), webApp.close()]);
}
