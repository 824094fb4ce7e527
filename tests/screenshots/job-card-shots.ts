import type { BrowserContext, Page } from 'playwright-core';
import { activateAddon } from '../e2e/support/pairing';
import { openJobWindow, signInToWebApp } from '../e2e/support/content-page';
import type { FieldDay } from '../e2e/support/field-worker';
import type { Stack } from '../e2e/support/stack';
import { FRAMES, frame, shoot, type Frame } from './shoot';

// Fieldside inside the platform's own job card: an administrator activates it from the web app's Add-ons page
// (once), then the technician chooses "Fieldside" on the first visit's job, in the web app and in the phone view
// that stands in for the mobile apps. The web app has one look; the panel in its window follows light and dark.

const PHONE: Frame = { width: 390, height: 844 };

/** The technician's job window with Fieldside chosen on it, its panel laid out. */
async function openFieldside(page: Page, stack: Stack, day: FieldDay, device: 'desktop' | 'phone'): Promise<void> {
  await signInToWebApp(page, stack);
  if (device === 'phone') {
    await page.getByRole('link', { name: 'Phone view' }).click();
    await page.locator('body.device-phone').waitFor();
  }
  await openJobWindow(page, stack, day.job);
  await page
    .locator(`.x-window[data-job-uuid="${day.job.uuid}"]`)
    .getByRole('button', { name: 'Fieldside', exact: true })
    .click();
  const panel = page.frameLocator('#windows .addon-window iframe');
  await panel.locator('#notes li').first().waitFor({ timeout: 20_000 });
  await page.mouse.move(2, 2);
}

export async function jobCardShots(context: BrowserContext, stack: Stack, day: FieldDay): Promise<void> {
  await activateAddon(context, stack);
  const web = await context.newPage();
  await frame(web, FRAMES.webApp);
  await openFieldside(web, stack, day, 'desktop');
  // On the web the panel asks the platform's window for 600 × 720, within the screen.
  await web.waitForFunction(() => document.querySelector<HTMLElement>('.addon-window iframe')?.offsetWidth === 600);
  await shoot(web, 'jobcard-web', FRAMES.webApp);
  await web.close();

  const phone = await context.newPage();
  await frame(phone, PHONE);
  await openFieldside(phone, stack, day, 'phone');
  await shoot(phone, 'jobcard-phone', PHONE);
  await phone.close();
}
