import { z } from 'zod';
import { COMPLETED_STATUS } from '../../../contracts/job-actions';
import { onTheWaySaid, timeOnSiteToday } from '../../../contracts/visit-on-platform';
import { PlatformUuidSchema, type Uuid } from '../../../contracts/uuid';
import { linkedUuid, type Note } from './job-records';
import type { PlatformCall, PlatformReads, Result } from './platform-reads';

// The signed person's visit to a job today, as the platform holds it, so a panel opened later (or on another
// device, or after the side panel was used) knows the step they are at, read off their notes and job activities as
// contracts/visit-on-platform.ts says (the side panel reads it the same way). Read as them, with the job's other
// records.

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
  const onSite = timeOnSiteToday(input.activities, staff, jobUuid, today);
  return {
    onTheWayAt: clockOf(onTheWaySaid(input.notes, staff, today)),
    activityUUID: onSite?.activityUuid ?? '',
    arrivedAt: clockOf(onSite?.arrivedAt),
    leftAt: clockOf(onSite?.leftAt),
    completed: input.status === COMPLETED_STATUS,
  };
}

/** The staff member's activities on the job (their visits and recorded time). */
export function activitiesOf(reads: PlatformReads, call: PlatformCall, jobUuid: Uuid): Promise<Result<Activity[]>> {
  const filter = encodeURIComponent(`job_uuid eq '${jobUuid}' and staff_uuid eq '${call.staff}'`);
  return reads.get(call, `jobactivity.json?%24filter=${filter}`, z.array(ActivitySchema));
}
