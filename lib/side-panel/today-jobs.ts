// Today as every surface shows it: the jobs of the staff member in view for the account's today
// (its time zone, never the device's), told to whoever shows it (the toolbar badge counts them, the
// popup lists them first, the notices know today's visits). Worked out once per workspace and account
// day (once-a-day.ts) from the person's schedule the background reads for their own jobs
// (today-of-schedule.ts); the sync alarm asks again every few minutes, so the badge turns with the
// account's midnight. A day the side panel read (the day service) is told the same way when it is today's.
import { cacheDbName } from '../databases';
import { todayIn } from '../locale/days';
import type { DayView } from '../messaging/views';
import type { TodayJobs } from '../settings/kept-first-screen';
import type { WorkspaceKey } from '../settings/workspace-key';
import { keptIn, onceADay } from './once-a-day';
import { jobsOfDay, visitsOfDay } from './day-jobs';
import type { TodayOfSchedule } from './today-of-schedule';

export interface TodayJobsDeps {
  key(): Promise<WorkspaceKey | null>;
  /** Whether this workspace has a day (a staff member in view, allowed to read their schedule). */
  hasDay(key: WorkspaceKey): boolean;
  timeZone(): Promise<string | null>;
  /** Today's jobs and visits of the staff member (from their schedule, today-of-schedule.ts). */
  readToday(key: WorkspaceKey, today: string): Promise<TodayOfSchedule>;
  /** Today's jobs to show (null: this workspace has none to show: no staff member in view). */
  publish(today: TodayJobs | null): Promise<void>;
  /** What was published last, as it is kept (storage.session): read again only when it is not this day's, else
   * published again (a new worker's badge). */
  published?(): Promise<TodayJobs | null>;
  now?: () => number;
}

export function createTodayJobs(deps: TodayJobsDeps) {
  const now = deps.now ?? Date.now;

  async function publishDay(key: WorkspaceKey, timeZone: string | null, day: string, of: TodayOfSchedule) {
    const cacheName = cacheDbName(key.accountUuid, key.staffUuid, key.ownView);
    await deps.publish({ cacheName, day, timeZone, jobs: of.jobs, visits: of.visits });
  }

  return {
    /** Reads today's day unless it was read already for this workspace and day. */
    refresh: onceADay(
      { ...deps, kept: deps.published && keptIn(deps.published, deps.publish) },
      async (key, today, timeZone) => publishDay(key, timeZone, today, await deps.readToday(key, today)),
      () => deps.publish(null),
    ),
    /** A day the side panel read: when it is today's, it is what every surface shows. */
    async seen(view: DayView): Promise<void> {
      const key = await deps.key();
      if (!key || !deps.hasDay(key)) return;
      const timeZone = await deps.timeZone();
      // With no signal and nothing kept for today there is nothing to say: what was shown stays.
      if (view.offline && view.fetchedAt === null) return;
      if (view.date === todayIn(timeZone, now()))
        await publishDay(key, timeZone, view.date, { jobs: jobsOfDay(view), visits: visitsOfDay(view) });
    },
  };
}

export type TodayJobsKeeper = ReturnType<typeof createTodayJobs>;
