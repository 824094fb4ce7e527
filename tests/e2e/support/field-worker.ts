import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from './chromium';
import { arrangeToday } from './day-data';
import { allowInSidePanel } from './grant-feature';
import { chooseMe, connect, signInThroughConsent } from './options-page';
import { todaysActivities } from './sidepanel-page';
import type { Stack } from './stack';
import { cacheOf, waitForSynced } from './sync';

// A field worker's whole set-up, as they do it themself, for the tests and the pictures that show
// every surface at once: the technician signs in through the consent page (which grants search, the
// day and notes), says who they are, allows changing badges from a job in the side panel, and the
// sync that sign-in started fills the cache. And a day with something of everything (a visit with
// time on site, one with a site contact, a job without a set time, office notes on the first
// visit's job).

export interface FieldDay {
  /** Today's date in the account's time zone, and the technician's visits on it. */
  today: string;
  visitJobs: string[];
  /** The first visit's job, with office notes, one badge on, and its number. */
  job: { uuid: string; number: string };
}

/** Signs the technician in on `options` (already connected): sign-in itself allows search, my day and
 * notes (lib/auth/sign-in-scopes.ts); badges are allowed from a job in the side panel (unless told not
 * to). Then waits for the first sync of their cache. `whileAsked` runs while "who are you" waits for
 * the answer (pictures and checks of that step). */
export async function signInFieldWorker(
  browser: ExtensionBrowser,
  options: Page,
  stack: Stack,
  opts: { allowBadges?: boolean; whileAsked?: () => Promise<void> } = {},
): Promise<void> {
  await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
  await opts.whileAsked?.();
  await options.bringToFront();
  await chooseMe(options, stack.technician);
  if (opts.allowBadges ?? true) await allowBadges(browser, stack);
  await waitForSynced(options, cacheOf(stack, stack.technician.uuid), 90_000);
}

/** The technician allows changing badges, from a job in the side panel. */
export function allowBadges(browser: ExtensionBrowser, stack: Stack): Promise<void> {
  return allowInSidePanel(browser, stack, stack.technician.uuid, 'badges');
}

/** Opens the options page, connects, and signs the technician in for field work (badges too). */
export async function signInTechnicianForFieldWork(browser: ExtensionBrowser, stack: Stack): Promise<Page> {
  const options = await browser.openOptions();
  await connect(options, stack);
  await signInFieldWorker(browser, options, stack);
  return options;
}

/** What the office adds to the technician's day, and notes on its first visit's job. */
export async function arrangeFieldDay(stack: Stack): Promise<FieldDay> {
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  const { date, activities } = await todaysActivities(stack, stack.technician.uuid);
  const visitJobs = activities.map((a) => String(a.job_uuid));
  await arrangeToday(stack, date, visitJobs);
  const uuid = visitJobs[0];
  if (!uuid) throw new Error('The technician has no visit today');
  const job = (await control.listRecords(account, 'job')).find((j) => j.uuid === uuid)!;
  const badges = await control.listRecords(account, 'badge');
  if (badges[0])
    await control.updateRecord(account, 'job', uuid, { badges: JSON.stringify([badges[0].uuid]) }, { raw: true });
  const notes = [
    'Customer asked for a quote on the second bathroom while we are there.',
    'Gate code 4411. Dog in the back yard: knock first and wait.',
  ];
  for (const note of notes) {
    await control.createRecord(account, 'note', { related_object: 'job', related_object_uuid: uuid, note });
  }
  return { today: date, visitJobs, job: { uuid, number: String(job.generated_job_id) } };
}
