// Today's jobs out of the person's schedule as the background reads it once a day (their visits from a month back to a
// year ahead, and their allocations: my-jobs.ts): the same rules as the side panel's day (day-plan.ts), with nothing
// read for it. The background's today (the toolbar badge's count, the popup's first screen, the notices' "a visit of
// yours") needs the jobs and the visits, not the day's customers, contacts and badges: those the side panel reads when
// it opens. Reading today's day apart cost each browser about nine requests at the morning's first alarm, 394 in one
// minute for 44 browsers (docs/api-budget.md).
import type { PlatformClient } from '../api/client';
import { isActivityOf } from '../api/filter-checks';
import type { DateRange } from '../api/job-activities';
import type { JobActivity, JobAllocation } from '../api/schemas';
import type { WorkspaceKey } from '../settings/workspace-key';
import { dayRange } from './dates';
import { planDay } from './day-plan';
import { scheduleRange } from './my-jobs';

export interface Schedule {
  visits: readonly JobActivity[];
  allocations: readonly JobAllocation[];
}

export interface TodayOfSchedule {
  /** Job uuids in the day's order: visits by time, then the jobs without a set time. */
  jobs: string[];
  /** Today's visits: visit uuid → job uuid. */
  visits: Record<string, string>;
}

export function todayOfSchedule(schedule: Schedule, staffUuid: string, today: string): TodayOfSchedule {
  const range = dayRange(today);
  const plan = planDay(schedule.visits.filter(isActivityOf(staffUuid, range)), schedule.allocations, range);
  const visits: Record<string, string> = {};
  for (const v of plan.visits) visits[v.activity.uuid] = v.activity.job_uuid!;
  const jobs = [...plan.visits.map((v) => v.activity.job_uuid!), ...plan.otherJobs.map((j) => j.jobUuid)];
  return { jobs: [...new Set(jobs)], visits };
}

type ReadSchedule = (staffUuid: string, range: DateRange) => Promise<Schedule>;

/** A staff member's schedule as the platform client reads it: their visits in the range, and their allocations. */
export function scheduleOfClient(
  client: () => Promise<Pick<PlatformClient, 'jobActivities' | 'jobAllocations'>>,
): ReadSchedule {
  return async (staffUuid, range) => {
    const platform = await client();
    const [visits, allocations] = await Promise.all([
      platform.jobActivities.ofStaff(staffUuid, range),
      platform.jobAllocations.ofStaff(staffUuid),
    ]);
    return { visits: visits.records, allocations: allocations.records };
  };
}

/** Today's jobs for createTodayJobs, out of the schedule read for the person's own jobs (the same range, so the
 * one answer of `schedule` serves both). */
export function todayOfScheduleReads(schedule: ReadSchedule) {
  return async (key: WorkspaceKey, today: string): Promise<TodayOfSchedule> =>
    todayOfSchedule(await schedule(key.staffUuid, scheduleRange(today)), key.staffUuid, today);
}

/** The schedule read for both of the background's day readers (their own jobs, then today's): one read of a staff
 * member's range, its answer shared while it is the latest asked for, until `forget()` (the end of one run of the
 * readers: a later run, after a sign-out and in again the same day, reads afresh, and a worker that lives all day,
 * as Firefox's background page does, does not hold a year of visits); a failed read is asked again. */
export function createScheduleReads(read: ReadSchedule): { read: ReadSchedule; forget(): void } {
  let last: { id: string; answer: Promise<Schedule> } | null = null;
  return {
    read: (staffUuid, range) => {
      const id = `${staffUuid}|${range.from}|${range.to}`;
      if (last?.id === id) return last.answer;
      const answer = read(staffUuid, range);
      const asked = { id, answer };
      last = asked;
      answer.catch(() => {
        if (last === asked) last = null;
      });
      return answer;
    },
    forget: () => void (last = null),
  };
}
