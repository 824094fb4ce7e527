import type { PlatformClient } from '../../lib/api/client';
import type { MyJobs, TodayJobs } from '../../lib/settings/kept-first-screen';
import type { WorkspaceKey } from '../../lib/settings/workspace-key';
import { createMyJobs } from '../../lib/side-panel/my-jobs';
import { hasDay } from '../../lib/side-panel/once-a-day';
import { createTodayJobs } from '../../lib/side-panel/today-jobs';
import { createScheduleReads, scheduleOfClient, todayOfScheduleReads } from '../../lib/side-panel/today-of-schedule';

// The background's day reads (entrypoints/background/side-panel.ts): the person's schedule (their visits from a month
// back to a year ahead, their allocations), read once per workspace and account day, at the worker's start and at
// every sync alarm, and what comes of it: their own jobs, then today's jobs (today-of-schedule.ts, nothing read for
// them). Made anew with each worker, as the background makes them: what they remember of the day they read lives in
// the worker. What they publish goes to storage.session (myJobsItem, todayJobsItem), which outlives the worker: here
// the browser's `kept`, so that a new worker reads only what is not kept, as the background's does. The rest of what
// they publish (the first screen, the toolbar badge) is local, not the platform's: dropped here.

export interface MyDayDeps {
  key: WorkspaceKey;
  /** The platform client of these reads (counted as 'day: mine'). */
  client: PlatformClient;
  /** The account as the session recorded it at sign-in (lib/account/platform-reader.ts): its time zone. */
  account: { timeZone: string | null };
  now: () => number;
  /** The browser's storage.session: what the day reads published last, surviving the worker. */
  kept: { mine: MyJobs | null; today: TodayJobs | null };
}

/** One worker's day reads: `refresh()` is the background's `refreshDays`. */
export function startMyDay(deps: MyDayDeps): { refresh(): Promise<void> } {
  const common = {
    key: async () => deps.key,
    hasDay,
    timeZone: async () => deps.account.timeZone,
    now: deps.now,
  };
  const schedule = createScheduleReads(scheduleOfClient(async () => deps.client));
  const mine = createMyJobs({
    ...common,
    read: schedule.read,
    publish: async (jobs) => void (deps.kept.mine = jobs),
    published: async () => deps.kept.mine,
  });
  const today = createTodayJobs({
    ...common,
    readToday: todayOfScheduleReads(schedule.read),
    publish: async (jobs) => void (deps.kept.today = jobs),
    published: async () => deps.kept.today,
  });
  const warn = (what: string) => (error: unknown) => console.warn(`budget: ${what}`, error);
  return {
    // The person's own jobs first, then today's, a failure of one not holding the other back (as refreshDays).
    async refresh() {
      await mine.refresh().catch(warn('my jobs'));
      await today.refresh().catch(warn('today'));
      schedule.forget();
    },
  };
}
