import type { FrameLocator, Page } from 'playwright-core';
import { utcTimestamp, zonedTimestamp } from '../../../contracts/platform-time';
import { leavingAt } from '../../../contracts/visit-on-platform';
import { todaysActivities } from './sidepanel-page';
import type { Stack } from './stack';

// What the platform holds of a technician's visit to one job, for the job-action tests: their recorded time on
// site, the job's photos and files, its status, the "On my way" notes; only what came after `onPlatform` was called.

/** A 1×1 PNG: the emulator reads a photo's size from its header. */
export const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Now in the account's time zone, as the platform writes it (`YYYY-MM-DD HH:MM:SS`). */
export async function accountClock(stack: Stack): Promise<() => string> {
  const vendor = (await stack.emulator.control.listRecords(stack.account.uuid, 'vendor'))[0]!;
  const zone = String(vendor.timezone_name);
  return () => zonedTimestamp(Date.now(), zone) ?? utcTimestamp(Date.now());
}

/** The time on site's end was written by a "Done" pressed between `before` and `after`: then, or a second after the
 * arrival when "Done" came in the arrival's own second (leavingAt); always after the start. */
export function leftBetween(recorded: { start_date?: unknown; end_date?: unknown }, before: string, after: string) {
  const start = String(recorded.start_date);
  const end = String(recorded.end_date);
  return end > start && end >= before && end <= leavingAt(start, after);
}

/** The id of what has keyboard focus in a page or a frame ("" when it is the page itself): where a person on keys
 * is after pressing a visit's button. */
export function focusedId(where: Page | FrameLocator): Promise<string> {
  return where.locator('body').evaluate((body) => {
    const active = body.ownerDocument.activeElement;
    return active && active !== body ? active.id : '';
  });
}

export async function onPlatform(stack: Stack, jobUuid: string) {
  const { control, info } = stack.emulator;
  const account = stack.account.uuid;
  const staff = stack.technician.uuid;
  const list = async (type: string) =>
    (await control.listRecords(account, type)).filter(
      (r) => (r.related_object_uuid ?? r.job_uuid) === jobUuid && Number(r.active ?? 1) === 1,
    );
  const recordedNow = async () =>
    (await list('jobactivity')).filter((a) => Number(a.activity_was_recorded) === 1 && a.staff_uuid === staff);
  const before = new Set([...(await recordedNow()), ...(await list('attachment'))].map((r) => r.uuid));
  const fresh = (records: Array<Record<string, unknown>>) => records.filter((r) => !before.has(r.uuid));
  return {
    recorded: async () => fresh(await recordedNow()),
    photos: async () => fresh(await list('attachment')),
    status: async () => (await control.listRecords(account, 'job')).find((j) => j.uuid === jobUuid)?.status,
    onMyWayNotes: async () =>
      (await list('note')).filter((n) => n.note === 'On my way.' && n.edit_by_staff_uuid === staff),
    /** The attachment's file as the platform answers it: its status and size, or its error. */
    async file(uuid: string): Promise<string> {
      const { access_token } = await control.issueTokens(account, staff, ['read_attachments']);
      const res = await fetch(`${info.base_url}/api_1.0/attachment/${uuid}.file`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      return res.ok
        ? `${res.status} ${(await res.arrayBuffer()).byteLength} bytes`
        : `${res.status} ${await res.text()}`;
    },
  };
}

/** The job of the technician's first visit today, and the platform's side of it (onPlatform). */
export async function firstVisitOnPlatform(stack: Stack) {
  const { activities } = await todaysActivities(stack, stack.technician.uuid);
  const jobUuid = String(activities[0]!.job_uuid);
  return { jobUuid, platform: await onPlatform(stack, jobUuid) };
}

/** The office wrote a mobile on the job's on-site contact: what "On my way" offers to text. */
export async function giveJobAMobile(stack: Stack, jobUuid: string): Promise<void> {
  await stack.emulator.control.createRecord(stack.account.uuid, 'jobcontact', {
    job_uuid: jobUuid,
    first: 'Jane',
    last: 'Citizen',
    type: 'Job Contact',
    mobile: '0412 345 678',
    active: 1,
  });
}
