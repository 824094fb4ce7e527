// "Deny" on the platform's consent page, in Chromium by clicks: a technician at the foot of a job in the side panel
// presses "Allow photos and files", then "Deny" on the platform's page. The side panel says so beside the button they
// pressed, in words (not at the top of the panel, scrolled out of view), and nothing else changes; asking again and
// choosing "Allow" clears it.
import { expect, it } from 'vitest';
import { allowOnConsentPage, openJobInPanel } from './support/grant-feature';
import { openSidePanel } from './support/sidepanel-page';
import type { ExtensionBrowser } from './support/chromium';
import type { Stack } from './support/stack';
import { startTechnicianAtWork } from './support/technician-at-work';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
setUpFile(async (own) => {
  ({ stack, browser } = await startTechnicianAtWork(own, { jobs: 60 }));
}, 240_000);

it('says a "Deny" beside the "Allow …" pressed, and asking again can still allow it', async () => {
  const panel = await openSidePanel(browser);
  await openJobInPanel(panel);
  const consent = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
  await panel.getByRole('button', { name: 'Allow photos and files' }).click();
  const page = await consent;
  await page.locator('#person').selectOption(`${stack.account.uuid}:${stack.technician.uuid}`);
  await page.locator('#deny').click();

  const said = panel.locator('#files-allow + #files-allow-problem');
  await said.waitFor({ timeout: 20_000 });
  expect(await said.textContent()).toContain('“Deny” was chosen on the platform’s page');
  expect(await panel.locator('#error, #grant-problem').count(), 'a problem at the top of the panel').toBe(0);
  expect(await panel.locator('#visits-allow-problem, #badges-allow-problem').count()).toBe(0);

  await allowOnConsentPage(browser, stack, stack.technician.uuid, () =>
    panel.getByRole('button', { name: 'Allow photos and files' }).click(),
  );
  await panel.locator('label[for="file-input"]').waitFor({ timeout: 20_000 });
  expect(await panel.locator('#files-allow-problem').count()).toBe(0);
}, 120_000);
