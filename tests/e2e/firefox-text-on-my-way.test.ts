// "On my way" texts the customer in Firefox ESR, by clicks in the sidebar page: the same as text-on-my-way.test.ts
// (read its comment). The technician allows texting on the platform's consent page, ticks the text, edits its words
// and says "On my way" with the network cut; once the platform can be reached again it holds exactly one text, to
// the mobile the page named, about the job, from the technician. Firefox's background is an event page.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { expect, it } from 'vitest';
import {
  allowInFirefoxSidebar,
  openJobInFirefoxSidebar,
  technicianSignedInToFirefox,
} from './support/firefox-technician';
import { buttonNamed, typeInto } from './support/firefox-pages';
import { firstVisitOnPlatform, giveJobAMobile } from './support/job-actions';

const technician = technicianSignedInToFirefox();

const WORDS = 'Hi, Sam from Brightline here: on my way, about 20 minutes.';

it('texts the customer once, after "On my way", across a cut in the network', async () => {
  const { stack } = technician;
  const { control } = stack.emulator;
  await control.setSwitches({ smsRepeat: 'sends', uuidReuse: 'duplicate' });
  const { jobUuid, platform } = await firstVisitOnPlatform(stack);
  await giveJobAMobile(stack, jobUuid);

  const panel = await openJobInFirefoxSidebar(technician, jobUuid);
  // Asked where first met, in plain words; answered on the platform's consent page.
  await allowInFirefoxSidebar(technician, panel, ['Allow recording my visits', 'Allow texting customers']);
  await panel.waitForSelector('#text-customer', { timeout: 20_000 });
  const label = await panel.$eval('.text-offer label.check', (l) => l.textContent ?? '');
  const shown = /\(([^)]+)\)/.exec(label)![1]!;
  expect(await panel.$eval('#text-charge', (p) => p.textContent)).toMatch(/charges the business for each text/);
  await panel.click('#text-customer');
  await panel.waitForSelector('#text-message');
  expect(await panel.$eval('#text-message', (t) => (t as HTMLTextAreaElement).value)).toMatch(/on my way/i);
  await typeInto(panel, '#text-message', WORDS);

  await control.injectFault({ kind: 'drop', rate: 1 });
  try {
    await (await buttonNamed(panel, 'On my way')).click();
    await panel.waitForSelector('.visit-step[data-step="on-my-way"] .text-state[data-state="waiting"]', {
      timeout: 20_000,
    });
    await expect.poll(async () => (await control.stats()).faultsInjected, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await control.sentSms(stack.account.uuid), 'texts sent while offline').toEqual([]);

    await control.clearFaults();
    await expect
      .poll(async () => (await control.sentSms(stack.account.uuid)).length, {
        timeout: 90_000,
        message: 'the text sent once back online',
      })
      .toBe(1);
    await new Promise((r) => setTimeout(r, 2_000)); // nothing late arrives twice
    const sent = await control.sentSms(stack.account.uuid);
    expect(sent, 'texts on the platform').toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: parsePhoneNumberFromString(shown, 'AU')!.number,
      message: WORDS,
      regarding_job_uuid: jobUuid,
      sent_by_staff_uuid: stack.technician.uuid,
    });
    expect(await platform.onMyWayNotes(), '"On my way" notes on the platform').toHaveLength(1);
    await panel.waitForSelector('.visit-step[data-step="on-my-way"] .text-state[data-state="sent"]', {
      timeout: 30_000,
    });
  } finally {
    await control.clearFaults();
  }
}, 240_000);
