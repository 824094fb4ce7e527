import type { PlatformClient } from '../../lib/api/client';
import type { MyJobs, TodayJobs } from '../../lib/settings/kept-first-screen';
import type { WorkspaceKey } from '../../lib/settings/workspace-key';
import { createDayReaders } from '../../lib/side-panel/day-readers';

// The background's day reads, the very readers it makes (lib/side-panel/day-readers.ts): the person's
// schedule (their visits from a month back to a year ahead, their allocations), read once per workspace and account
// day, at the worker's start and at every sync alarm, and what comes of it: their own jobs, then today's jobs
// (today-of-schedule.ts, nothing read for them). Made anew with each worker, as the background makes them: what they
// remember of the day they read lives in the worker. What they publish goes to storage.session (myJobsItem,
// todayJobsItem), which outlives the worker: here the browser's `kept`, so that a new worker reads only what is not
// kept, as the background's does. The rest of what they publish (the first screen, the toolbar badge) is local, not
// the platform's: dropped here.

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

/** One worker's day reads: `refresh()` is what the background runs at a worker's start and at each sync alarm. */
export function startMyDay(deps: MyDayDeps): { refresh(): Promise<void> } {
  return createDayReaders({
    key: async () => deps.key,
    timeZone: async () => deps.account.timeZone,
    client: async () => deps.client,
    now: deps.now,
    mine: {
      publish: async (jobs) => void (deps.kept.mine = jobs),
      published: async () => deps.kept.mine,
    },
    today: {
      publish: async (jobs) => void (deps.kept.today = jobs),
      published: async () => deps.kept.today,
    },
    failed: (what, error) => console.warn(`budget: ${what}`, error),
  });
}
