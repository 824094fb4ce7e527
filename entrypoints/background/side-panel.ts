import { browser } from 'wxt/browser';
import type { Workspace } from '@/lib/workspace/workspace';
import { myJobsItem, sessionItem } from '@/lib/settings/items';
import { readConnection, readSession } from '@/lib/settings/validated-reads';
import { sidePanelJobItem } from '@/lib/side-panel/side-panel-job';
import { createDayService } from '@/lib/side-panel/day-service';
import { createDayReaders } from '@/lib/side-panel/day-readers';
import { keepFirstScreen } from '@/lib/cache/first-screen/first-screen';
import { readKept, saveTodayJobs } from '@/lib/cache/first-screen/kept-screen';
import { createFieldContext } from '@/lib/side-panel/field-context';
import { createOutboxWrites } from '@/lib/outbox/writes';
import { createJobDetailService } from '@/lib/side-panel/job-detail-service';
import { createOutboxRunner } from '@/lib/outbox/runner';
import { createFileStore } from '@/lib/outbox/files';
import { createPageJobs } from '@/lib/side-panel/page-jobs';
import { createVisitActions } from '@/lib/side-panel/visit-actions';
import { createToolbarBadge } from '@/lib/side-panel/toolbar-badge';
import { clearAlarm, setAlarm } from './alarms';
import { startWorkNotices } from './work-notices';
import { listenForContextMenu } from './field-context-menu';
import type { LiveHub } from '@/lib/messaging/live-hub';
import type { FeedChange } from '@/lib/live-updates/types';
import { jobsWithChangedActivities } from '@/lib/live-updates/change-action';

// Wires the side panel's services (lib/side-panel) to the browser: the outbox runner starts with the worker,
// flushes on `online`, wakes on its alarm; the toolbar badge; the jobs of tabs for the side panel to follow (which tab
// is in front, the panel itself hears: lib/side-panel/tab-in-front.ts).

/** `feedLive`: whether the live feed is connected, so the cache learns of a deleted job within seconds. */
export function startSidePanelWork(workspace: Workspace, live: LiveHub, feedLive: () => boolean = () => false) {
  const action = browser.action ?? browser.browserAction;
  const badge = createToolbarBadge(action);
  const ctx = createFieldContext({
    workspace,
    live,
    staffName: async () => {
      const record = await readSession();
      return record?.viewAs?.name ?? record?.me?.name ?? null;
    },
    account: async () => (await readSession())?.account ?? null,
    webApp: readConnection,
  });
  const files = createFileStore();
  const notices = startWorkNotices(ctx);
  const runner = createOutboxRunner({
    workspace: workspace,
    live,
    files,
    onSent: (entry) => notices.wrote(entry.clientUuid),
    knownLive: async (uuid) => feedLive() && (await (await workspace.cache()).getJob(uuid)) !== undefined,
    onCount: (n) => badge.setPending(n),
    alarm: {
      set: (at) => void setAlarm('outbox', at),
      clear: () => void clearAlarm('outbox'),
    },
  });
  const day = createDayService(ctx);
  const detail = createJobDetailService(ctx);
  const writes = createOutboxWrites({ outbox: () => workspace.outbox(), author: ctx.staffName }, runner);
  const actions = createVisitActions({ ctx, runner, files });
  const pages = createPageJobs(live);
  const picker = listenForContextMenu();

  const warn = (what: string) => (error: unknown) => console.warn(`Fieldside: ${what}`, error);
  // The person's own jobs (each with their next visit: "mine" in the search, the day on a popup row, the notices'
  // "your job"), then today's (the same on every surface: the badge counts them, the popup lists them first), out of
  // one read of their schedule, once a day each, a new worker reading only what is not kept. The side panel reads the
  // whole day (customers, whom to call) when it opens, and tells it here (seen).
  const days = createDayReaders({
    key: () => workspace.key(),
    timeZone: () => ctx.timeZone(),
    client: () => workspace.client(),
    mine: {
      publish: (jobs) => myJobsItem.setValue(jobs),
      published: async () => (await readKept()).mine,
    },
    today: {
      publish: async (jobs) => {
        badge.setToday(jobs?.jobs.length ?? null);
        await saveTodayJobs(jobs);
        if (jobs === null) return;
        const index = await (await workspace.sync()).searchIndex();
        await keepFirstScreen(jobs.cacheName, index, jobs.day, jobs.jobs, jobs.timeZone);
      },
      published: async () => (await readKept()).today,
    },
    failed: (what, error) => warn(what)(error),
  });
  const resume = () => {
    void runner.resume().catch(warn('outbox'));
    void runner.count().then((n) => badge.setPending(n), warn('outbox count'));
    void days.refresh();
  };

  // Back online: everything waiting goes now, whatever its backoff said.
  globalThis.addEventListener?.('online', () => void runner.flush().catch(warn('outbox flush')));
  sessionItem.watch(() => resume());
  // "job.open" to the side panel while it is open: it follows, as it does a platform page.
  sidePanelJobItem.watch((uuid) => {
    if (typeof uuid === 'string') live.broadcast({ type: 'page.job', uuid });
  });
  resume();

  return {
    day: {
      get: async (date: string | null) => {
        const answer = await day.get(date);
        void days.seen(answer).catch(warn('today'));
        return answer;
      },
    },
    /** The account's today may have turned (the sync alarm asks every few minutes). */
    refreshToday: () => void days.refresh(),
    /** The account's time zone: whose "today" every surface shows. */
    timeZone: () => ctx.timeZone(),
    detail,
    writes,
    actions,
    notices,
    pages,
    picker,
    runner,
    /** The cached job a page names by its number (a web-app window's title), or null. */
    jobUuidByNumber: async (number: string) =>
      (await (await workspace.cache()).getJobByNumber(number).catch(() => undefined))?.uuid ?? null,
    /** Changes from the feed: the activities of a job whose visit changed are read again when next shown (its
     * visits, and the person's time on site, perhaps recorded on the job card on their phone). */
    changed: (changes: readonly FeedChange[]) => {
      const jobs = jobsWithChangedActivities(changes);
      if (jobs?.length !== 0) ctx.forgetActivities(jobs);
    },
    /** The outbox alarm: a long backoff is over. */
    onAlarm: () => void runner.resume().catch(warn('outbox')),
  };
}

export type SidePanelWork = ReturnType<typeof startSidePanelWork>;
