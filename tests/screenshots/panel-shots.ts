import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../e2e/support/chromium';
import type { Stack } from '../e2e/support/stack';
import type { FieldDay } from '../e2e/support/field-worker';
import { FRAMES, openExtensionPage, shoot } from './shoot';

// The side panel: the day, a job, a note kept while the platform is out of reach, a day with nothing
// booked, offline, a note the platform refused, signed out. Opened as a page at a side panel's size.

export const openSidePanel = (browser: ExtensionBrowser): Promise<Page> =>
  openExtensionPage(browser, 'sidepanel.html', FRAMES.sidePanel, 'main#sidepanel');

async function openJob(page: Page, uuid: string): Promise<void> {
  if (await page.locator('button.back').count()) await page.locator('button.back').first().click();
  await page.locator(`li.visit[data-job-uuid="${uuid}"] .job-open`).first().click();
  await page.locator(`article#job[data-job-uuid="${uuid}"] li.note`).first().waitFor({ timeout: 20_000 });
}

export async function sidePanelShots(browser: ExtensionBrowser, stack: Stack, day: FieldDay): Promise<void> {
  const page = await openSidePanel(browser);
  await page.locator('li.visit').first().waitFor({ timeout: 20_000 });
  await shoot(page, 'sidepanel-day', FRAMES.sidePanel);

  await openJob(page, day.job.uuid);
  await shoot(page, 'sidepanel-job', FRAMES.sidePanel);

  // The platform out of reach while a note is added: it is kept, and the line under the box says so
  // until it is sent (Ctrl+Enter sends it, as a person would).
  await stack.emulator.control.injectFault({ kind: 'status', status: 503, pathPrefix: '/api_1.0/note.json', rate: 1 });
  await page.getByLabel('New note').fill('Hot water unit replaced; old one left by the side gate for collection.');
  await page.getByLabel('New note').press('Control+Enter');
  await page.locator('#note-status').filter({ hasText: 'saved on this device' }).waitFor({ timeout: 20_000 });
  await page.locator('li.note[data-state="pending"]').scrollIntoViewIfNeeded();
  await shoot(page, 'sidepanel-note-saved', { ...FRAMES.sidePanel, fitContent: undefined });
  await stack.emulator.control.clearFaults();
  await page.locator('li.note[data-state="pending"]').waitFor({ state: 'detached', timeout: 90_000 });
  await page.locator('#note-status:empty').waitFor({ timeout: 20_000 });

  // A note the platform refuses (one 400 answer): the error state, with Retry and Discard.
  await stack.emulator.control.injectFault({ kind: 'status', status: 400, pathPrefix: '/api_1.0/note.json', count: 1 });
  await page.getByLabel('New note').fill('Replaced the mixer tap; old one left with the customer.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.locator('li.note[data-state="failed"] .problem').waitFor({ timeout: 30_000 });
  await page.locator('li.note[data-state="failed"]').scrollIntoViewIfNeeded();
  await shoot(page, 'sidepanel-note-failed', { ...FRAMES.sidePanel, fitContent: undefined });
  await stack.emulator.control.clearFaults();
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.locator('li.note[data-state="failed"]').waitFor({ state: 'detached' });
  // A fresh panel: the note's "saved" message has had its moment.
  await page.reload();
  await page.locator('li.visit').first().waitFor({ timeout: 20_000 });

  // Long before anything was booked: the empty day.
  await page.locator('#day-date').fill(`${Number(day.today.slice(0, 4)) - 2}${day.today.slice(4)}`);
  await page.locator('#day-empty').waitFor({ timeout: 20_000 });
  await page.locator('#day-date').blur();
  await shoot(page, 'sidepanel-empty-day', FRAMES.sidePanel);

  // The platform cannot be reached: the kept day, and says so.
  await stack.emulator.control.injectFault({ kind: 'status', status: 503, rate: 1 });
  try {
    await page.getByRole('button', { name: 'Today' }).click();
    await page.locator('#day-offline').waitFor({ timeout: 60_000 });
    await shoot(page, 'sidepanel-offline', FRAMES.sidePanel);
  } finally {
    await stack.emulator.control.clearFaults();
  }
  await page.getByRole('button', { name: 'Today' }).click();
  await page.locator('#day-offline').waitFor({ state: 'detached', timeout: 30_000 });
  await page.close();
}

export async function sidePanelSignedOutShot(browser: ExtensionBrowser): Promise<void> {
  const page = await openSidePanel(browser);
  await page.locator('#signed-out').waitFor();
  await shoot(page, 'sidepanel-signed-out', FRAMES.sidePanel);
  await page.close();
}
