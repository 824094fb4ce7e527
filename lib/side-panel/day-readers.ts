// The background's two day readers over one read of the person's schedule (their visits from a month back to a year
// ahead, their allocations: today-of-schedule.ts), made and run in one place for the background
// (entrypoints/background/side-panel.ts) and the budget bench that plays it (bench/budget/my-day.ts): their own jobs
// first, so the first screen kept with today's words their next visits' days; then today's jobs, worked out from the
// same answer; then the shared answer forgotten (a later run reads afresh).
import type { PlatformClient } from '../api/client';
import type { DayView } from '../messaging/views';
import type { MyJobs, TodayJobs } from '../settings/kept-first-screen';
import type { WorkspaceKey } from '../settings/workspace-key';
import { createMyJobs } from './my-jobs';
import { hasDay } from './once-a-day';
import { createTodayJobs } from './today-jobs';
import { createScheduleReads, scheduleOfClient, todayOfScheduleReads } from './today-of-schedule';

/** What a reader publishes, and what it published last as it is kept (storage.session, which outlives a worker). */
interface Published<T> {
  publish(value: T | null): Promise<void>;
  published?(): Promise<T | null>;
}

export interface DayReadersDeps {
  key(): Promise<WorkspaceKey | null>;
  timeZone(): Promise<string | null>;
  /** The platform client the schedule is read with. */
  client(): Promise<Pick<PlatformClient, 'jobActivities' | 'jobAllocations'>>;
  mine: Published<MyJobs>;
  today: Published<TodayJobs>;
  /** Told of a reader's failure (`what`: which one); the other reader still runs. */
  failed(what: 'my jobs' | 'today', error: unknown): void;
  now?: () => number;
}

/** The day readers: `refresh()` runs both, each once a day (once-a-day.ts), a failure of one not holding the other
 * back; `seen(view)` tells today's reader of a day the side panel read (today-jobs.ts). */
export function createDayReaders(deps: DayReadersDeps): {
  refresh(): Promise<void>;
  seen(view: DayView): Promise<void>;
} {
  const schedule = createScheduleReads(scheduleOfClient(deps.client));
  const common = { key: deps.key, hasDay, timeZone: deps.timeZone, ...(deps.now ? { now: deps.now } : {}) };
  const mine = createMyJobs({ ...common, read: schedule.read, ...deps.mine });
  const today = createTodayJobs({ ...common, readToday: todayOfScheduleReads(schedule.read), ...deps.today });
  return {
    async refresh() {
      await mine.refresh().catch((error: unknown) => deps.failed('my jobs', error));
      await today.refresh().catch((error: unknown) => deps.failed('today', error));
      schedule.forget();
    },
    seen: (view) => today.seen(view),
  };
}
