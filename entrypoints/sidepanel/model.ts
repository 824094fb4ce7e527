import { signal } from '@preact/signals';
import { jobsOfDay } from '@/lib/side-panel/day-jobs';
import { createReread } from '@/lib/side-panel/reread';
import { visitsShown } from '@/lib/side-panel/visits-shown';
import { createKeptRetry } from '@/lib/side-panel/kept-retry';
import { onTabInFront, tabInFront } from '@/lib/side-panel/tab-in-front';
import { connectLive } from '@/lib/messaging/live';
import { markFirstRun } from '@/lib/onboarding/first-run';
import { sendMessage } from '@/lib/messaging/send';
import type { LiveEvent } from '@/lib/messaging/views';
import { type Feature, type SessionView } from '@/lib/messaging/session-view';
import { toWireError } from '@/lib/messaging/errors';
import { workNoticesItem } from '@/lib/settings/items';
import type { WorkNotices } from '@/lib/settings/schemas';
import type { WireError } from '@/lib/messaging/protocol';
import { grantProblem } from '@/components/side-panel/grant-problem';
import { createDayState } from './day-state';
import { createOpenJob } from './open-job';
import { createJobWrites } from './job-writes';

// The side panel's state: the session, "My day" for one date (day-state.ts), the job open, if any (open-job.ts), the
// last error. Live events from the background re-read what is shown; the page's job (page.job) opens that job. What
// the person does to the open job is in job-writes.ts.

export function createSidepanelModel() {
  const dailyLimitUntil = signal<number | null>(null, { name: 'dailyLimitUntil' });
  const session = signal<SessionView | null>(null, { name: 'session' });
  const error = signal<WireError | null>(null, { name: 'error' });
  /** What went wrong asking for a feature last (said beside its "Allow …"), until it is asked again. */
  grantProblem.value = null;
  /** Being told of work given to the person (off until they turn it on). */
  const workNotices = signal<WorkNotices | null>(null, { name: 'workNotices' });

  const answered = (kept: boolean) => keptRetry.answered(kept);
  const { loadDay, ...myDay } = createDayState({ session, error, answered });
  const job = createOpenJob({ error, answered });
  const { jobUuid, loadJob } = job;

  async function loadSession(): Promise<void> {
    session.value = await sendMessage('session.get', {});
  }

  async function act(what: () => Promise<unknown>): Promise<void> {
    try {
      await what();
      error.value = null;
    } catch (e) {
      error.value = toWireError(e);
    }
  }

  /** Many events arrive in bursts (200 notes sent): re-read once they settle, one read at a time, and
   * only what is on screen (each read spends the account's shared rate limit). */
  const reread = createReread(() => (jobUuid.value ? loadJob() : loadDay()));
  const refreshSoon = reread.soon;
  const keptRetry = createKeptRetry(refreshSoon, { paused: () => (dailyLimitUntil.value ?? 0) > Date.now() });
  /** Changed jobs matter only if one is on screen. */
  function shows(uuids: readonly string[]): boolean {
    const open = jobUuid.value;
    if (open) return uuids.includes(open);
    const listed = new Set(myDay.day.value ? jobsOfDay(myDay.day.value) : []);
    return uuids.some((u) => listed.has(u));
  }

  /** Another tab came to front: the panel follows to its job page, if it is one (else it keeps what it shows). Only
   * the latest switch's answer is acted on. */
  let switches = 0;
  async function followTab(tabId: number): Promise<void> {
    const mine = ++switches;
    const answer = await sendMessage('page.currentJob', { tabId }).catch(() => null);
    if (mine === switches && answer?.fromTab && answer.uuid && answer.uuid !== jobUuid.value)
      await model.openJob(answer.uuid);
  }

  function onLive(event: LiveEvent): void {
    switch (event.type) {
      case 'page.job':
        if (event.uuid && event.uuid !== jobUuid.value) void model.openJob(event.uuid);
        return;
      case 'session.changed':
        void loadSession().then(refreshSoon);
        return;
      case 'jobs.changed':
        if (shows(event.uuids)) refreshSoon();
        return;
      case 'visits.changed':
        if (visitsShown(event, { openJob: jobUuid.value, day: myDay.day.value })) refreshSoon();
        return;
      case 'outbox.changed':
        refreshSoon();
        return;
      case 'sync.status':
        dailyLimitUntil.value = event.status.dailyLimitUntil;
        return;
      case 'outbox.progress':
        job.fileProgress(event.jobUuid, event.clientUuid, event.sent, event.total);
        return;
    }
  }

  const model = {
    /** While the platform's daily limit holds: until when (SyncStatus.dailyLimitUntil). */
    dailyLimitUntil,
    session,
    ...myDay,
    jobUuid,
    detail: job.detail,
    error,
    grantProblem,
    noteStatus: job.noteStatus,
    progress: job.progress,
    fileStatus: job.fileStatus,
    workNotices,

    async start(): Promise<() => void> {
      // sync.status: the background sends the current one at once, then every change (the daily limit).
      const stop = connectLive(onLive, {
        events: [
          'page.job',
          'session.changed',
          'jobs.changed',
          'visits.changed',
          'outbox.changed',
          'sync.status',
          'outbox.progress',
        ],
        onReconnect: refreshSoon,
      });
      await act(loadSession);
      await loadDay();
      // The setting is drawn below the day once the day is laid out: drawn first, it would be pushed down by the
      // visits as they arrive, from under a finger about to touch it (onto a visit, which opens that job).
      void workNoticesItem.getValue().then((v) => (workNotices.value = v));
      // The side panel is open for someone (a staff member, or the whole account with an API key): that
      // step of setting up is done, wherever it was begun.
      const s = session.value;
      if (s?.state === 'signed_in' && (s.mode === 'api_key' || s.me !== null))
        void markFirstRun('dayOpened').catch(() => undefined);
      const front = await tabInFront();
      const current = await sendMessage('page.currentJob', front === undefined ? {} : { tabId: front }).catch(
        () => null,
      );
      if (current?.uuid) await model.openJob(current.uuid);
      const stopFollowing = onTabInFront((tabId) => void followTab(tabId));
      return () => {
        stop();
        stopFollowing();
        reread.stop();
        keptRetry.stop();
      };
    },
    async openJob(uuid: string): Promise<void> {
      job.show(uuid);
      grantProblem.value = null;
      await loadJob();
    },
    back(): void {
      job.show(null);
      grantProblem.value = null;
      void loadDay();
    },
    setWorkNotices: (next: WorkNotices) =>
      act(async () => {
        workNotices.value = next;
        await workNoticesItem.setValue(next);
      }),
    ...createJobWrites(
      { jobUuid, detail: job.detail, error, noteStatus: job.noteStatus, fileStatus: job.fileStatus, note: job.note },
      { act, loadJob },
    ),
    async grant(feature: Feature): Promise<void> {
      grantProblem.value = null;
      try {
        session.value = await sendMessage('session.requestFeature', { feature });
      } catch (e) {
        grantProblem.value = { feature, problem: toWireError(e) };
        return;
      }
      await loadDay();
      await loadJob();
    },
  };
  return model;
}

export type SidepanelModel = ReturnType<typeof createSidepanelModel>;
