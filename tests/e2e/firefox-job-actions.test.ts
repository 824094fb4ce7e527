// A technician's visit in Firefox ESR with the built extension, by clicks and keys in the sidebar page: the permissions
// asked where first met (the consent page), "On my way", "Arrived", then the network is cut; a photo chosen,
// "Done" and "Mark the job complete" are kept and shown as waiting; once the platform can be reached again it
// holds exactly one recorded activity with the right start and end, one photo and the new status, each as that
// technician. After each step, keyboard focus is on the next step's button. Firefox's background is an event page,
// where uploads go through XMLHttpRequest (upload-fetch.ts).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect, it } from 'vitest';
import {
  allowInFirefoxSidebar,
  openJobInFirefoxSidebar,
  technicianSignedInToFirefox,
} from './support/firefox-technician';
import { buttonNamed } from './support/firefox-pages';
import { accountClock, firstVisitOnPlatform, leftBetween, PHOTO_PNG } from './support/job-actions';

const technician = technicianSignedInToFirefox();

/** The id of what has keyboard focus in the sidebar page ("" when it is the page itself). */
const focusedId = (panel: Page) =>
  panel.evaluate(() => (document.activeElement === document.body ? '' : (document.activeElement?.id ?? '')));

it('records a visit and a photo exactly once, as the technician, across a cut in the network', async () => {
  const { stack } = technician;
  const { control } = stack.emulator;
  await control.setUuidReuse('duplicate');
  const { jobUuid, platform } = await firstVisitOnPlatform(stack);
  const clock = await accountClock(stack);

  const panel = await openJobInFirefoxSidebar(technician, jobUuid);
  // Asked where first met, in plain words; answered on the platform's consent page.
  await allowInFirefoxSidebar(technician, panel, ['Allow recording my visits', 'Allow photos and files']);
  await panel.waitForSelector('label[for="file-input"]', { timeout: 20_000 });

  await (await buttonNamed(panel, 'On my way')).click();
  await panel.waitForSelector('.visit-step[data-step="on-my-way"]');
  await expect.poll(() => focusedId(panel)).toBe('act-arrived');
  const beforeArrival = clock();
  await panel.keyboard.press('Enter');
  await panel.waitForSelector('.visit-step[data-step="arrived"]');
  const afterArrival = clock();
  await expect.poll(async () => (await platform.recorded()).length, { timeout: 20_000 }).toBe(1);

  // The network is cut: every request is dropped before the platform acts on it.
  await control.injectFault({ kind: 'drop', rate: 1 });
  try {
    const photo = join(tmpdir(), `fieldside-meter-${process.pid}.png`);
    writeFileSync(photo, PHOTO_PNG);
    const input = (await panel.$('#file-input')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(photo);
    await panel.waitForSelector('li.file[data-state="pending"]', { timeout: 10_000 });
    const beforeDone = clock();
    await (await buttonNamed(panel, 'Done')).click();
    await panel.waitForSelector('.visit-step[data-step="done"]');
    const afterDone = clock();
    await expect.poll(() => focusedId(panel)).toBe('act-complete');
    await panel.keyboard.press('Enter');
    await panel.waitForSelector('.visit-step[data-step="complete"]');
    await expect.poll(async () => (await control.stats()).faultsInjected, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await platform.photos()).toEqual([]);
    expect(await platform.status()).not.toBe('Completed');

    await control.clearFaults();
    await expect.poll(() => platform.status(), { timeout: 90_000, interval: 500 }).toBe('Completed');
    await expect.poll(async () => (await platform.photos()).length, { timeout: 30_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 2_000)); // nothing late arrives twice

    const recorded = await platform.recorded();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ staff_uuid: stack.technician.uuid });
    const start = String(recorded[0]!.start_date);
    expect(start >= beforeArrival && start <= afterArrival).toBe(true);
    expect(leftBetween(recorded[0]!, beforeDone, afterDone)).toBe(true);
    const photos = await platform.photos();
    expect(photos[0]).toMatchObject({ file_type: '.png', created_by_staff_uuid: stack.technician.uuid });
    expect(await platform.file(String(photos[0]!.uuid))).toBe(`200 ${PHOTO_PNG.length} bytes`);
    expect(await platform.onMyWayNotes()).toHaveLength(1);
    await panel.waitForSelector('li.file[data-state="sent"]', { timeout: 20_000 });
  } finally {
    await control.clearFaults();
  }
}, 240_000);
