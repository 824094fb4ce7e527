import { clockTime } from '../../../lib/locale/words';
import { phoneView } from '../../../lib/locale/phones';
import { todaysActivities } from './sidepanel-page';
import type { Stack } from './stack';

// What the office adds to the technician's seeded today before the side panel opens, so the day
// has each thing "My day" shows: time recorded on site for the first visit, an on-site contact for
// the second visit's job; and the jobs allocated to them without a time that are theirs today.

export interface ArrangedDay {
  /** The first visit's job, with time on site recorded from `onSite[0]` to `onSite[1]` (HH:MM). */
  recordedJob: string;
  onSite: [string, string];
  /** The second visit's job, whose on-site contact is `contact`. */
  contactJob: string;
  contact: { name: string; mobile: string };
}

export async function arrangeToday(stack: Stack, date: string, visitJobs: string[]): Promise<ArrangedDay> {
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  const [recordedJob, contactJob] = visitJobs;
  if (!recordedJob || !contactJob) throw new Error('The technician has fewer than two visits today');
  const onSite: [string, string] = ['06:12', '06:53'];
  await control.createRecord(account, 'jobactivity', {
    job_uuid: recordedJob,
    staff_uuid: stack.technician.uuid,
    start_date: `${date} ${onSite[0]}:00`,
    end_date: `${date} ${onSite[1]}:00`,
    activity_was_scheduled: '0',
    activity_was_recorded: '1',
  });
  // Any job contact the seed gave the job goes first: this one replaces them, as the office would.
  for (const c of await control.listRecords(account, 'jobcontact')) {
    if (c.job_uuid === contactJob) await control.updateRecord(account, 'jobcontact', String(c.uuid), { active: 0 });
  }
  const contact = { name: 'Tess Tenant', mobile: '0400 111 222' };
  await control.createRecord(account, 'jobcontact', {
    job_uuid: contactJob,
    first: 'Tess',
    last: 'Tenant',
    mobile: contact.mobile,
    type: 'JOB',
  });
  return { recordedJob, onSite, contactJob, contact };
}

/** The technician's jobs allocated without a time that are theirs today (from their first day, not
 * done, not expired) and have no visit today. */
export async function todaysAllocatedJobs(stack: Stack, date: string, visitJobs: string[]): Promise<string[]> {
  const blank = (v: unknown) => v === undefined || v === '' || String(v).startsWith('0000');
  const from = `${date} 00:00:00`;
  const allocations = await stack.emulator.control.listRecords(stack.account.uuid, 'joballocation');
  return allocations
    .filter(
      (a) =>
        a.staff_uuid === stack.technician.uuid &&
        Number(a.active ?? 1) === 1 &&
        !visitJobs.includes(String(a.job_uuid)),
    )
    .filter((a) => String(a.allocation_date).slice(0, 10) <= date)
    .filter(
      (a) =>
        (blank(a.completion_timestamp) || String(a.completion_timestamp) >= from) &&
        (blank(a.expiry_timestamp) || String(a.expiry_timestamp) > from),
    )
    .map((a) => String(a.job_uuid));
}

/** The time on site of `arranged` as a page in `locale` writes it ("6:12 AM – 6:53 AM"). */
export function onSiteAsShown(arranged: ArrangedDay, date: string, locale: string): string {
  const [from, to] = arranged.onSite.map((t) => clockTime(`${date} ${t}:00`, locale));
  return `${from} – ${to}`.replace(/[\u202f\u2009\u00a0]/g, ' ');
}

/** The on-site contact's number as the side panel shows and dials it (the business is in Australia). */
export function contactNumber(arranged: ArrangedDay): { text: string; tel: string } {
  const view = phoneView(arranged.contact.mobile, 'AU')!;
  return { text: view.text, tel: view.tel! };
}

/** The technician's visits of today as the office arranged them before the technician starts (arrangeToday), and
 * the jobs allocated to them today (todaysAllocatedJobs). */
export async function arrangeTechniciansDay(stack: Stack) {
  const today = await todaysActivities(stack, stack.technician.uuid);
  const visitJobs = today.activities.map((a) => String(a.job_uuid));
  const arranged = await arrangeToday(stack, today.date, visitJobs);
  return { today, arranged, allocated: await todaysAllocatedJobs(stack, today.date, visitJobs) };
}
