import { z } from 'zod';
import { COMPLETED_STATUS, ON_MY_WAY_NOTE } from '../../../contracts/job-actions';
import { PlatformUuidSchema, type Uuid } from '../../../contracts/uuid';
import { linkedUuid, type Note } from './job-records';
import type { PlatformCall, PlatformReads, Result } from './platform-reads';

// The signed person's visit to a job today, as the platform holds it, so a panel opened later (or on another
// device, or after the side panel was used) knows the step they are at: "On my way" is their note of that text
// today; time on site is their recorded job activity of today, open while its end is its start (how arriving writes
// it, here and in the extension), and over once its end was set. Read as them, with the job's other records.

const flag = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => v !== undefined && v !== null && String(v) === '1');

export const ActivitySchema = z.looseObject({
  uuid: PlatformUuidSchema,
  active: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v) => v === undefined || v === null || String(v) !== '0'),
  job_uuid: linkedUuid,
  staff_uuid: linkedUuid,
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  activity_was_recorded: flag,
});
export type Activity = z.infer<typeof ActivitySchema>;

/** What the panel's visit shows and its script keeps; times are the account's `HH:MM`, '' when not taken. */
export interface VisitState {
  onTheWayAt: string;
  /** The recorded activity of today's latest arrival: what "Done" closes. */
  activityUUID: string;
  arrivedAt: string;
  leftAt: string;
  completed: boolean;
}

const clockOf = (timestamp: string | null | undefined) => /\d{2}:\d{2}/.exec(timestamp?.slice(11) ?? '')?.[0] ?? '';

/** Recorded time on site, of this staff member on this job. */
export const isTimeOnSite = (a: Activity, staff: Uuid, jobUuid: Uuid) =>
  a.active && a.activity_was_recorded && a.staff_uuid === staff && a.job_uuid === jobUuid;

/** Still on site: arriving writes the end as the start; leaving moves it. */
export const isOpen = (a: Activity) => (a.start_date ?? '') === (a.end_date ?? '');

/** The part of the visit an activity tells: today's latest arrival of theirs, and whether they left. */
export function timeOnSite(activities: readonly Activity[], staff: Uuid, jobUuid: Uuid, today: string) {
  const latest = activities
    .filter((a) => isTimeOnSite(a, staff, jobUuid) && (a.start_date ?? '').startsWith(today))
    .sort((a, b) => ((a.start_date ?? '') < (b.start_date ?? '') ? 1 : -1))[0];
  if (!latest) return { activityUUID: '', arrivedAt: '', leftAt: '' };
  return {
    activityUUID: latest.uuid,
    arrivedAt: clockOf(latest.start_date),
    leftAt: isOpen(latest) ? '' : clockOf(latest.end_date),
  };
}

export function visitState(input: {
  activities: readonly Activity[];
  notes: readonly Note[];
  status: string;
  staff: Uuid;
  jobUuid: Uuid;
  /** The account's `YYYY-MM-DD`. */
  today: string;
}): VisitState {
  const { staff, jobUuid, today } = input;
  const onTheWay = input.notes.find(
    (n) =>
      n.active && n.note.trim() === ON_MY_WAY_NOTE && n.edit_by_staff_uuid === staff && n.create_date.startsWith(today),
  );
  return {
    onTheWayAt: clockOf(onTheWay?.create_date),
    ...timeOnSite(input.activities, staff, jobUuid, today),
    completed: input.status === COMPLETED_STATUS,
  };
}

/** The staff member's activities on the job (their visits and recorded time). */
export function activitiesOf(reads: PlatformReads, call: PlatformCall, jobUuid: Uuid): Promise<Result<Activity[]>> {
  const filter = encodeURIComponent(`job_uuid eq '${jobUuid}' and staff_uuid eq '${call.staff}'`);
  return reads.get(call, `jobactivity.json?%24filter=${filter}`, z.array(ActivitySchema));
}
