// The jobs that are the person's own: given to them (an allocation not done) or with a visit of
// theirs from a month ago on, each with its next visit of theirs (from today). The popup's search
// narrows to them when the person types "mine", and shows a job's next visit on its row. Read once per
// workspace and account day (two filtered reads, usually a page each: the account's request budget
// is shared), and after each sign-in or change of who is in view.
import { cacheDbName } from '../databases';
import { shiftDate } from '../locale/days';
import type { MyJobs } from '../settings/kept-first-screen';
import type { WorkspaceKey } from '../settings/workspace-key';
import { keptIn, onceADay } from './once-a-day';
import type { JobActivity, JobAllocation } from '../api/schemas';
import type { DateRange } from '../api/job-activities';
import type { Schedule } from './today-of-schedule';

/** How far back a visit still makes a job the person's. */
const PAST_DAYS = 30;
/** How far ahead visits are read. */
const AHEAD_DAYS = 366;

export interface MyJobsDeps {
  key(): Promise<WorkspaceKey | null>;
  hasDay(key: WorkspaceKey): boolean;
  timeZone(): Promise<string | null>;
  read(staffUuid: string, range: DateRange): Promise<Schedule>;
  publish(mine: MyJobs | null): Promise<void>;
  /** What was published last, as it is kept (storage.session): read again only when it is not this day's. */
  published?(): Promise<MyJobs | null>;
  now?: () => number;
}

const blank = (v: string | null) => v === null || v === '' || v.startsWith('0000');

/** Job uuid → its next visit (`YYYY-MM-DD`, from `today`), '' for a job of the person's with none ahead. */
export function myJobsOf(visits: readonly JobActivity[], allocations: readonly JobAllocation[], today: string) {
  const jobs: Record<string, string> = {};
  for (const a of allocations) if (a.active && a.job_uuid && blank(a.completion_timestamp)) jobs[a.job_uuid] ??= '';
  for (const v of visits) {
    if (!v.active || !v.activity_was_scheduled || !v.job_uuid || !v.start_date) continue;
    const job = v.job_uuid;
    const day = v.start_date.slice(0, 10);
    const next = jobs[job];
    jobs[job] = day >= today && (!next || day < next) ? day : (next ?? '');
  }
  return jobs;
}

/** The person's visits read once a day, from a month back to a year ahead of `today`: their own jobs come from them,
 * and today's jobs too (today-of-schedule.ts), from the same answer. */
export function scheduleRange(today: string): DateRange {
  return { from: `${shiftDate(today, -PAST_DAYS)} 00:00:00`, to: `${shiftDate(today, AHEAD_DAYS)} 00:00:00` };
}

export function createMyJobs(deps: MyJobsDeps) {
  return {
    refresh: onceADay(
      { ...deps, kept: deps.published && keptIn(deps.published) },
      async (key, today) => {
        const { visits, allocations } = await deps.read(key.staffUuid, scheduleRange(today));
        const cacheName = cacheDbName(key.accountUuid, key.staffUuid, key.ownView);
        await deps.publish({ cacheName, day: today, jobs: myJobsOf(visits, allocations, today) });
      },
      () => deps.publish(null),
    ),
  };
}
