import type { ExtensionBrowser } from '../e2e/support/chromium';
import type { FieldDay } from '../e2e/support/field-worker';
import { allowInSidePanel, openJobInPanel } from '../e2e/support/grant-feature';
import { PHOTO_PNG } from '../e2e/support/job-actions';
import type { Stack } from '../e2e/support/stack';
import { openSidePanel } from './panel-shots';
import { FRAMES, shoot } from './shoot';

// Acting on a job in the side panel: "Deny" on the platform's page, said beside the "Allow …" pressed; the day with
// "Being told" turned on; a visit on site with a photo kept while the platform is out of reach; the visit done and the
// job complete, the photo sent.

export async function jobActionShots(browser: ExtensionBrowser, stack: Stack, day: FieldDay): Promise<void> {
  await allowInSidePanel(browser, stack, stack.technician.uuid, 'visits');
  const asking = await openSidePanel(browser);
  await openJobInPanel(asking, day.job.uuid);
  const consent = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
  await asking.getByRole('button', { name: 'Allow photos and files' }).click();
  const denying = await consent;
  await denying.locator('#person').selectOption(`${stack.account.uuid}:${stack.technician.uuid}`);
  await denying.locator('#deny').click();
  await asking.locator('#files-allow-problem').waitFor({ timeout: 20_000 });
  await asking.locator('#files-allow').scrollIntoViewIfNeeded();
  await shoot(asking, 'sidepanel-allow-denied', { ...FRAMES.sidePanel, fitContent: undefined });
  await asking.close();
  await allowInSidePanel(browser, stack, stack.technician.uuid, 'photos');
  const page = await openSidePanel(browser);
  await page.locator('li.visit').first().waitFor({ timeout: 20_000 });
  await page.locator('#work-notices-on').check();
  await page.locator('#work-notices').scrollIntoViewIfNeeded();
  await shoot(page, 'sidepanel-day-notices', { ...FRAMES.sidePanel, fitContent: undefined });

  // A visit not begun: the first has time on site recorded this morning, the second is the texting pictures'.
  const visitJob = day.visitJobs[2] ?? day.visitJobs[1] ?? day.job.uuid;
  await page.locator(`li.visit[data-job-uuid="${visitJob}"] .job-open`).first().click();
  await page.locator(`article#job[data-job-uuid="${visitJob}"] #visit`).waitFor({ timeout: 20_000 });
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
