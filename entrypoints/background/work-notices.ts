import { browser } from 'wxt/browser';
import { todayIn } from '@/lib/locale/days';
import { jobOfNotification, createNotifier } from '@/lib/notifications/notifier';
import type { DayView } from '@/lib/messaging/views';
import { jobsOfDay, visitsOfDay } from '@/lib/side-panel/day-jobs';
import { keptFor, readKept } from '@/lib/cache/first-screen/kept-screen';
import { cacheDbName } from '@/lib/databases';
import type { FieldContext } from '@/lib/side-panel/field-context';
import { workNoticesItem } from '@/lib/settings/items';
import { DEFAULT_WORK_NOTICES, WorkNoticesSchema } from '@/lib/settings/schemas';
import type { JobOpener } from '@/lib/side-panel/open-job';

// Being told of work (lib/notifications) wired to the browser: its notifications, what this browser knows of the
// person's day (the kept day, their own jobs, the cache), and a click that opens the job in the side panel.

export function startWorkNotices(ctx: FieldContext) {
  const notifier = createNotifier({
    notifications: browser.notifications,
    // The icon is copied into the build by wxt.config.ts, outside the public paths WXT types.
    iconUrl: (browser.runtime as { getURL(path: string): string }).getURL('/icon-128.png'),
    settings: async () => {
      const parsed = WorkNoticesSchema.safeParse(await workNoticesItem.getValue());
      return parsed.success ? parsed.data : DEFAULT_WORK_NOTICES;
    },
    facts: async () => {
      const key = await ctx.workspace.key();
      if (!key || key.staffUuid === 'all') return null;
      const today = todayIn(await ctx.timeZone(), ctx.now());
      const day = (await (await ctx.store()).get<DayView>(`day:${today}`))?.value;
      // Today's as the background worked it out from the person's schedule (today-jobs.ts), where the side panel has
      // not read the day: the same visits and jobs, without what only the side panel shows.
      const kept = await readKept();
      const forCache = keptFor(kept, cacheDbName(key.accountUuid, key.staffUuid, key.ownView), null).todayJobs;
      const todays = forCache?.day === today ? forCache : null;
      const visits = day ? visitsOfDay(day) : (todays?.visits ?? {});
      const own = Object.keys(kept.mine?.jobs ?? {});
      const todaysJobs = day ? jobsOfDay(day) : (todays?.jobs ?? []);
      return { myVisits: new Map(Object.entries(visits)), mine: new Set([...todaysJobs, ...own]) };
    },
    jobWords: async (uuid) => {
      const job = await (await ctx.workspace.cache()).getJob(uuid);
      return job ? { number: job.generated_job_id, address: job.job_address } : null;
    },
    timeZone: () => ctx.timeZone(),
  });
  return notifier;
}

/** A click on one of our notifications opens its job in the side panel (at once: the click is the gesture). */
export function openJobsFromNotifications(jobs: JobOpener): void {
  browser.notifications.onClicked.addListener((id) => {
    const uuid = jobOfNotification(id);
    if (!uuid) return;
    void jobs.open(uuid, 'sidepanel').catch((e) => console.warn('Fieldside: opening a notified job', e));
    void browser.notifications.clear(id);
  });
}
