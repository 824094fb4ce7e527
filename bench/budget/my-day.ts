import type { PlatformClient } from '../../lib/api/client';
import type { JobCache } from '../../lib/cache';
import type { Outbox } from '../../lib/outbox';
import type { MyJobs, TodayJobs } from '../../lib/settings/kept-first-screen';
import type { WorkspaceKey } from '../../lib/settings/workspace-key';
import type { Workspace } from '../../lib/workspace/workspace';
import { createFieldContext } from '../../lib/side-panel/field-context';
import { createDayService } from '../../lib/side-panel/day-service';
import { createMyJobs } from '../../lib/side-panel/my-jobs';
import { hasDay } from '../../lib/side-panel/once-a-day';
import { createTodayJobs } from '../../lib/side-panel/today-jobs';

// The background's day reads (entrypoints/background/side-panel.ts): the person's own jobs, then today's jobs
// through the day service, each once per workspace and account day, at the worker's start and at every sync alarm.
// Made anew with each worker, as the background makes them: what they remember of the day they read lives in the
// worker, and so do the field context's once-a-workspace reads (the badge names). What they publish goes to
// storage.session (myJobsItem, todayJobsItem), which outlives the worker: here the browser's `kept`, so that a new
// worker reads only what is not kept, as the background's does. The rest of what they publish (the first screen, the
// toolbar badge) is local, not the platform's: dropped here.

export interface MyDayDeps {
  key: WorkspaceKey;
  /** The platform clients of these reads: the person's own jobs', and today's (the day service's). */
  clients: { mine: PlatformClient; today: PlatformClient };
  cache: JobCache;
  outbox: Outbox;
  /** The account as the session recorded it at sign-in (lib/account/platform-reader.ts): its time zone. */
  account: { timeZone: string | null; region: string | null };
  now: () => number;
  /** The browser's storage.session: what the day reads published last, surviving the worker. */
  kept: { mine: MyJobs | null; today: TodayJobs | null };
}

/** One worker's day reads: `refresh()` is the background's `refreshDays`. */
export function startMyDay(deps: MyDayDeps): { refresh(): Promise<void> } {
  const workspaceOf = (client: PlatformClient): Workspace => ({
    key: async () => deps.key,
    client: async () => client,
    cache: async () => deps.cache,
    sync: async () => Promise.reject(new Error('the day reads do not sync')),
    outbox: async () => deps.outbox,
    upsertJobs: async () => undefined,
    close: async () => undefined,
  });
  const ctx = createFieldContext({
    workspace: workspaceOf(deps.clients.today),
    live: { broadcast: () => undefined },
    staffName: async () => null,
    account: async () => deps.account,
    webApp: async () => ({ webUrl: deps.key.baseUrl, jobLinkPath: null }),
    now: deps.now,
  });
  const day = createDayService(ctx);
  const common = { key: async () => deps.key, hasDay, timeZone: () => ctx.timeZone(), now: deps.now };
  const mine = createMyJobs({
    ...common,
    read: async (staffUuid, range) => {
      const [visits, allocations] = await Promise.all([
        deps.clients.mine.jobActivities.ofStaff(staffUuid, range),
        deps.clients.mine.jobAllocations.ofStaff(staffUuid),
      ]);
      return { visits: visits.records, allocations: allocations.records };
    },
    publish: async (jobs) => void (deps.kept.mine = jobs),
    published: async () => deps.kept.mine,
  });
  const today = createTodayJobs({
    ...common,
    readToday: () => day.get(null),
    publish: async (jobs) => void (deps.kept.today = jobs),
    published: async () => deps.kept.today,
  });
  const warn = (what: string) => (error: unknown) => console.warn(`budget: ${what}`, error);
  return {
    // The person's own jobs first, then today's, a failure of one not holding the other back (as refreshDays).
    async refresh() {
      await mine.refresh().catch(warn('my jobs'));
      await today.refresh().catch(warn('today'));
    },
  };
}
