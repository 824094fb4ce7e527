import type { ExtensionBrowser } from '../e2e/support/chromium';
import type { FieldDay } from '../e2e/support/field-worker';
import { allowInSidePanel } from '../e2e/support/grant-feature';
import { PHOTO_PNG } from '../e2e/support/job-actions';
import type { Stack } from '../e2e/support/stack';
import { openSidePanel } from './panel-shots';
import { FRAMES, shoot } from './shoot';

// Acting on a job in the side panel: the day with "Being told" turned on; a visit on site with a photo kept while
// the platform is out of reach; the visit done and the job complete, the photo sent.

export async function jobActionShots(browser: ExtensionBrowser, stack: Stack, day: FieldDay): Promise<void> {
  await allowInSidePanel(browser, stack, stack.technician.uuid, 'visits');
  await allowInSidePanel(browser, stack, stack.technician.uuid, 'photos');
  const page = await openSidePanel(browser);
  await page.locator('li.visit').first().waitFor({ timeout: 20_000 });
  await page.locator('#work-notices-on').check();
  await page.locator('#work-notices').scrollIntoViewIfNeeded();
  await shoot(page, 'sidepanel-day-notices', { ...FRAMES.sidePanel, fitContent: undefined });

  await page.locator(`li.visit[data-job-uuid="${day.job.uuid}"] .job-open`).first().click();
  await page.locator(`article#job[data-job-uuid="${day.job.uuid}"] #visit`).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'On my way' }).click();
  await page.getByRole('button', { name: 'Arrived' }).click();
  await page.locator('#act-done').waitFor();
  // The platform out of reach for files: the photo is kept, and waits.
  const { control } = stack.emulator;
  await control.injectFault({ kind: 'status', status: 503, pathPrefix: '/api_1.0/attachment', rate: 1 });
  try {
    await page
      .locator('#file-input')
      .setInputFiles({ name: 'Meter box.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    await page.locator('li.file[data-state="pending"]').waitFor({ timeout: 10_000 });
    await shoot(page, 'sidepanel-visit-on-site', FRAMES.sidePanel);
  } finally {
    await control.clearFaults();
  }
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Mark the job complete' }).click();
  await page.locator('li.file[data-state="sent"]').waitFor({ timeout: 90_000 });
  await page.locator('#visit .pending').first().waitFor({ state: 'detached', timeout: 60_000 });
  await shoot(page, 'sidepanel-visit-done', FRAMES.sidePanel);
  await page.close();
}
