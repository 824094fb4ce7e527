// One visit taken on two surfaces, in Chromium by clicks: the technician says "On my way" and "Arrived" with the
// platform's job card ("Fieldside" on the card, as on their phone), then opens the job in the side panel. The side
// panel shows both steps, offers "Done" (not a second "Arrived", which would record a second time on site), and its
// "Done" closes the time on site the job card recorded. Then the office makes the job's visit longer (its end alone
// changes), and the open job shows the new end once the platform's webhook has come through the companion's feed.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ExtensionBrowser } from './support/chromium';
import { openJobInPanel } from './support/grant-feature';
import { openFieldside, webAppAs } from './support/job-card';
import { accountClock, firstVisitOnPlatform, leftBetween } from './support/job-actions';
import { openSidePanel } from './support/sidepanel-page';
import type { Stack } from './support/stack';
import { startTechnicianAtWork } from './support/technician-at-work';
import { setUpFile } from '../support/set-up-file';

let stack: Stack;
let browser: ExtensionBrowser;
let sidePanel: Page;
setUpFile(async (own) => {
  ({ stack, browser } = await startTechnicianAtWork(own, { jobs: 60, allow: ['visits'] }));
  await stack.activate();
}, 240_000);

it('continues in the side panel a visit begun on the job card, and shows the visit the office made longer', async () => {
  const { jobUuid, platform } = await firstVisitOnPlatform(stack);
  const clock = await accountClock(stack);

  const web = await webAppAs(browser.context, stack, stack.technician);
  const { panel: card } = await openFieldside(web, { jobUuid });
  await card.getByRole('button', { name: 'On my way' }).click();
  await expect.poll(() => card.locator('#visit-steps').textContent(), { timeout: 15_000 }).toMatch(/On my way at/);
  await card.getByRole('button', { name: 'Arrived' }).click();
  await expect.poll(() => card.locator('#visit-steps').textContent(), { timeout: 15_000 }).toMatch(/Arrived at/);
  const [arrival] = await platform.recorded();
  expect(arrival).toMatchObject({ staff_uuid: stack.technician.uuid });
  await web.close();

  // Later, at the laptop: the side panel, the job from the day.
  sidePanel = await openSidePanel(browser);
  await openJobInPanel(sidePanel, jobUuid);
  await sidePanel.locator('.visit-step[data-step="on-my-way"]').waitFor({ timeout: 20_000 });
  await sidePanel.locator('.visit-step[data-step="arrived"]').waitFor();
  expect(await sidePanel.locator('#act-on-my-way').count(), '"On my way" offered again').toBe(0);
  expect(await sidePanel.locator('#act-arrived').count(), '"Arrived" offered again').toBe(0);
  const beforeDone = clock();
  await sidePanel.getByRole('button', { name: 'Done' }).click();
  await sidePanel.locator('.visit-step[data-step="done"]').waitFor();
  const afterDone = clock();
  await expect
    .poll(async () => (await platform.recorded()).map((a) => [a.uuid, a.end_date !== a.start_date]), {
      timeout: 30_000,
      message: 'the one time on site on the platform, closed',
    })
    .toEqual([[arrival!.uuid, true]]);
  const [closed] = await platform.recorded();
  expect(leftBetween(closed!, beforeDone, afterDone)).toBe(true);
  expect(await platform.onMyWayNotes(), '"On my way" notes on the platform').toHaveLength(1);
  // Left, not complete: a second trip (parts fetched) can still be recorded.
  expect(await sidePanel.getByRole('button', { name: 'Arrived again' }).isVisible()).toBe(true);

  // The office makes the visit an hour longer (its end alone changes); the open job follows once the feed has told
  // the side panel.
  const { control } = stack.emulator;
  const visit = (await control.listRecords(stack.account.uuid, 'jobactivity')).find(
    (a) => a.job_uuid === jobUuid && Number(a.activity_was_scheduled) === 1 && a.staff_uuid === stack.technician.uuid,
  )!;
  const at = new Date(`${String(visit.end_date).replace(' ', 'T')}Z`);
  at.setUTCHours(at.getUTCHours() + 1);
  const longer = at.toISOString().slice(0, 19).replace('T', ' ');
  const shownEnds = () =>
    sidePanel.locator('li.job-visit').evaluateAll((items) => items.map((li) => li.getAttribute('data-end')));
  expect(await shownEnds()).toContain(String(visit.end_date));
  await control.updateRecord(stack.account.uuid, 'jobactivity', String(visit.uuid), { end_date: longer });
  await expect.poll(shownEnds, { timeout: 30_000, message: 'the longer visit in the open job' }).toContain(longer);
}, 240_000);
