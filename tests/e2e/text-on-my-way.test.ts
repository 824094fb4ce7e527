// "On my way" texts the customer, in Chromium by clicks in the side panel: the technician meets the offer on a job
// with a customer's mobile, allows texting on the platform's consent page (told the business pays for each text),
// ticks the text, and says "On my way" with the network cut. The text waits, shown so; once the platform can be
// reached again it holds exactly one text, to the mobile the panel named, about the job, from the technician. The
// emulator repeats nothing for us: under `smsRepeat` "sends" a text posted twice would be two.
import type { Page } from 'playwright-core';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { allowOnConsentPage, openJobInPanel } from './support/grant-feature';
import { firstVisitOnPlatform, giveJobAMobile } from './support/job-actions';
import { openSidePanel } from './support/sidepanel-page';
import type { Stack } from './support/stack';
import { startTechnicianAtWork } from './support/technician-at-work';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
let panel: Page;
setUpFile(async (own) => {
  ({ stack, browser } = await startTechnicianAtWork(own, { allow: ['visits'] }));
  panel = await openSidePanel(browser);
}, 240_000);

it('texts the customer once, after "On my way", across a cut in the network', async () => {
  const { control } = stack.emulator;
  await control.setSwitches({ smsRepeat: 'sends', uuidReuse: 'duplicate' });
  const { jobUuid, platform } = await firstVisitOnPlatform(stack);
  await giveJobAMobile(stack, jobUuid);
  await openJobInPanel(panel, jobUuid);

  // Met where it is offered: in plain words, the charge said, and asked for on the consent page.
  const ask = panel.locator('#texts-allow');
  await ask.waitFor({ timeout: 20_000 });
  expect(await ask.innerText()).toMatch(/charges the business for each/);
  await allowOnConsentPage(browser, stack, stack.technician.uuid, () =>
    panel.getByRole('button', { name: 'Allow texting customers' }).click(),
  );
  const tick = panel.getByRole('checkbox', { name: /that you’re on your way/ });
  await tick.waitFor({ timeout: 20_000 });
  const label = await panel.locator('.text-offer label.check').innerText();
  const shown = /\(([^)]+)\)/.exec(label)![1]!;
  expect(await panel.locator('#text-charge').innerText()).toMatch(/charges the business for each text/);
  await tick.check();
  const words = panel.getByRole('textbox', { name: 'Your text' });
  expect(await words.inputValue()).toMatch(/on my way/i);
  await words.fill('Hi, Sam from Brightline here: on my way, about 20 minutes.');

  await control.injectFault({ kind: 'drop', rate: 1 });
  try {
    await panel.getByRole('button', { name: 'On my way' }).click();
    await panel.locator('.visit-step[data-step="on-my-way"] .text-state[data-state="waiting"]').waitFor();
    await expect.poll(async () => (await control.stats()).faultsInjected, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await control.sentSms(stack.account.uuid)).toEqual([]);

    await control.clearFaults();
    await expect.poll(async () => (await control.sentSms(stack.account.uuid)).length, { timeout: 90_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 2_000)); // nothing late arrives twice
    const sent = await control.sentSms(stack.account.uuid);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: parsePhoneNumberFromString(shown, 'AU')!.number,
      message: 'Hi, Sam from Brightline here: on my way, about 20 minutes.',
      regarding_job_uuid: jobUuid,
      sent_by_staff_uuid: stack.technician.uuid,
    });
    expect(await platform.onMyWayNotes()).toHaveLength(1);
    await panel
      .locator('.visit-step[data-step="on-my-way"] .text-state[data-state="sent"]')
      .waitFor({ timeout: 30_000 });
  } finally {
    await control.clearFaults();
  }
}, 240_000);
