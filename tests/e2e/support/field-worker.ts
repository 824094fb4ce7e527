import type { Page } from 'playwright-core';
import { sendFromPage, type ExtensionBrowser } from './chromium';
import { arrangeToday } from './day-data';
import { chooseMe, signInThroughConsent } from './options-page';
import { grantFeature, todaysActivities } from './sidepanel-page';
import type { Stack } from './stack';
import { waitForSynced } from './sync';

// A field worker's whole set-up, for the tests and the pictures that show every surface at once: the
// technician signed in through the consent page, every field-work feature allowed, the cache synced,
// and a day with something of everything (a visit with time on site, one with a site contact, a job
// without a set time, office notes on the first visit's job).

export interface FieldDay {
  /** Today's date in the account's time zone, and the technician's visits on it. */
  today: string;
  visitJobs: string[];
  /** The first visit's job, with office notes, one badge on, and its number. */
  job: { uuid: string; number: string };
}

/** What is allowed after sign-in: sign-in itself allows search, my day and notes (lib/auth/sign-in-scopes.ts);
 * badges are asked for later, where they are met. (Asking again for what is allowed opens no consent page.) */
export const FIELD_FEATURES = ['badges'] as const;

/** Signs the technician in on `options` (already connected), allows `features` and syncs.
 * `whileAsked` runs while "who are you" waits for the answer (pictures and checks of that step). */
export async function signInFieldWorker(
  browser: ExtensionBrowser,
  options: Page,
  stack: Stack,
  features: readonly string[] = FIELD_FEATURES,
  whileAsked?: () => Promise<void>,
): Promise<void> {
  await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
  await whileAsked?.();
  await options.bringToFront();
  await chooseMe(options, stack.technician);
  await allowFeatures(browser, options, stack, features);
  await options.reload();
  await options.locator('#session-state[data-state="signed_in"]').waitFor();
  // No control in the UI starts a sync (the schedule does): ask for one, as the tests do.
  await sendFromPage(options, 'sync.run', { mode: 'full' });
  await waitForSynced(options, 90_000);
}

/** Incremental authorisation for more features, answered on the consent page as the technician. */
export async function allowFeatures(browser: ExtensionBrowser, options: Page, stack: Stack, features: readonly string[]): Promise<void> {
  for (const feature of features) await grantFeature(browser, options, stack, stack.technician.uuid, feature);
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
  if (badges[0]) await control.updateRecord(account, 'job', uuid, { badges: JSON.stringify([badges[0].uuid]) }, { raw: true });
  const notes = [
    'Customer asked for a quote on the second bathroom while we are there.',
    'Gate code 4411. Dog in the back yard: knock first and wait.',
  ];
  for (const note of notes) {
    await control.createRecord(account, 'note', { related_object: 'job', related_object_uuid: uuid, note });
  }
  return { today: date, visitJobs, job: { uuid, number: String(job.generated_job_id) } };
}
