import { ON_MY_WAY_NOTE } from './job-actions';
import { utcTimestamp } from './platform-time';

// How a person's visit of today reads off the platform's records, the same in the side panel
// (lib/side-panel/visit-actions.ts) and the job card's panel (server/companion/addon/visit-records.ts), so each knows
// the steps taken with the other, or on another device: "On my way" is their active note of that text created today;
// their time on site is their latest recorded job activity begun today (the latest open one first: they are on site),
// open while its end is its start (how arriving writes it, job-actions.ts) and over once its end was moved. Times are
// the account's `YYYY-MM-DD HH:MM:SS`.

/** What of a note says who wrote it, and when. */
export interface NoteFacts {
  active: boolean;
  note: string;
  edit_by_staff_uuid?: string | null;
  create_date?: string | null;
}

/** What of a job activity says whose time on site it is. */
export interface ActivityFacts {
  uuid: string;
  active: boolean;
  activity_was_recorded: boolean;
  staff_uuid?: string | null;
  job_uuid?: string | null;
  start_date?: string | null;
  end_date?: string | null;
}

/** Their time on site as the platform holds it: the activity, when they arrived, and when they left (null: still
 * there). */
export interface TimeOnSite {
  activityUuid: string;
  arrivedAt: string;
  leftAt: string | null;
}

/** When `staff` said "On my way" to the job on `today` (its note's creation), or null. */
export function onTheWaySaid(notes: readonly NoteFacts[], staff: string, today: string): string | null {
  const said = notes.find(
    (n) =>
      n.active &&
      n.note.trim() === ON_MY_WAY_NOTE &&
      n.edit_by_staff_uuid === staff &&
      (n.create_date ?? '').startsWith(today),
  );
  return said?.create_date ?? null;
}

/** Recorded time on site, of this staff member on this job. */
export const isTimeOnSite = (a: ActivityFacts, staff: string, jobUuid: string): boolean =>
  a.active && a.activity_was_recorded && a.staff_uuid === staff && a.job_uuid === jobUuid;

/** Still on site: arriving writes the end as the start; leaving moves it. */
export const isOpen = (a: Pick<ActivityFacts, 'start_date' | 'end_date'>): boolean =>
  (a.start_date ?? '') === (a.end_date ?? '');

/** The end leaving writes: now, or a second after the arrival when now is not later. A "Done" within the arrival's
 * own second would write the end as the start, which reads as still on site (`isOpen`) everywhere after. */
export function leavingAt(arrivedAt: string, now: string): string {
  if (now > arrivedAt) return now;
  // The wall clock's second after, reckoned as if it were UTC: no zone's rules come into a one-second step.
  const next = Date.parse(`${arrivedAt.replace(' ', 'T')}Z`) + 1000;
  return Number.isNaN(next) ? now : utcTimestamp(next);
}

/** An arrival of today: when, and whether they are still there. */
export interface Arrival {
  start: string;
  open: boolean;
}

/** Which of two arrivals is the visit: one still open before one that is over, else the later. */
export const outranks = (a: Arrival, b: Arrival): boolean => (a.open !== b.open ? a.open : a.start > b.start);

/** Their latest arrival at the job on `today`, and whether they left; null when they have not arrived today. An open
 * one comes before any that is over, whatever their starts: "Arrived again" on a device whose clock is behind the
 * one that wrote the first (or after one the office recorded for later in the day) still puts them on site, and
 * "Done" then closes it. */
export function timeOnSiteToday(
  activities: readonly ActivityFacts[],
  staff: string,
  jobUuid: string,
  today: string,
): TimeOnSite | null {
  let latest: ActivityFacts | undefined;
  for (const a of activities) {
    const start = a.start_date ?? '';
    if (!isTimeOnSite(a, staff, jobUuid) || !start.startsWith(today)) continue;
    if (!latest || outranks({ start, open: isOpen(a) }, { start: latest.start_date ?? '', open: isOpen(latest) }))
      latest = a;
  }
  if (!latest?.start_date) return null;
  return {
    activityUuid: latest.uuid,
    arrivedAt: latest.start_date,
    leftAt: isOpen(latest) ? null : (latest.end_date ?? null),
  };
}
