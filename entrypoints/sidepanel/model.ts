import { signal } from '@preact/signals';
import { canUse, canUseInPart } from '@/lib/auth/scopes';
import { shiftDate } from '@/lib/locale/days';
import { jobsOfDay } from '@/lib/side-panel/day-jobs';
import { createReread } from '@/lib/side-panel/reread';
import { visitsShown } from '@/lib/side-panel/visits-shown';
import { createKeptRetry } from '@/lib/side-panel/kept-retry';
import { onTabInFront, tabInFront } from '@/lib/side-panel/tab-in-front';
import { connectLive } from '@/lib/messaging/live';
import { markFirstRun } from '@/lib/onboarding/first-run';
import { sendMessage } from '@/lib/messaging/send';
import type { DayView, LiveEvent } from '@/lib/messaging/views';
import type { JobDetail } from '@/lib/messaging/job-views';
import { type Feature, type SessionView } from '@/lib/messaging/session-view';
import { toWireError } from '@/lib/messaging/errors';
import { workNoticesItem } from '@/lib/settings/items';
import type { WorkNotices } from '@/lib/settings/schemas';
import type { WireError } from '@/lib/messaging/protocol';
import { createJobWrites, type NoteShown } from './job-writes';
import { grantProblem } from '@/components/side-panel/grant-problem';

// The side panel's state: the session, "My day" for one date, the job open (if any), the last error.
// Live events from the background re-read what is shown; the page's job (page.job) opens that job. What the person
// does to the open job is in job-writes.ts.

export function createSidepanelModel() {
  const dailyLimitUntil = signal<number | null>(null, { name: 'dailyLimitUntil' });
  const session = signal<SessionView | null>(null, { name: 'session' });
  const date = signal<string | null>(null, { name: 'date' }); // null: today (account time)
  const day = signal<DayView | null>(null, { name: 'day' });
  /** Today's date in the account's time zone, as the last answer for "today" said. */
  const today = signal<string | null>(null, { name: 'today' });
  const dayLoading = signal(false, { name: 'dayLoading' });
  const jobUuid = signal<string | null>(null, { name: 'jobUuid' });
  const detail = signal<JobDetail | null>(null, { name: 'detail' });
  const error = signal<WireError | null>(null, { name: 'error' });
  /** What went wrong asking for a feature last (said beside its "Allow …"), until it is asked again. */
  grantProblem.value = null;
  /** What happened to the note just added, said beside the note box until it is sent. */
  const noteStatus = signal<string | null>(null, { name: 'noteStatus' });
  /** The note that status is about. */
  const note: NoteShown = { statusOf: null };
  /** How much of each file on its way has gone out (outbox.progress), by its uuid. */
  const progress = signal<ReadonlyMap<string, { sent: number; total: number }>>(new Map(), { name: 'progress' });
  /** What happened to the files just added (kept, too large), said beside the button. */
  const fileStatus = signal<string | null>(null, { name: 'fileStatus' });
  /** Being told of work given to the person (off until they turn it on). */
  const workNotices = signal<WorkNotices | null>(null, { name: 'workNotices' });

  /** The day can be shown (its schedule may be read); whole: every detail of it may be read too. */
  const hasMyDay = () => {
    const s = session.value;
    // Not before "who are you": whose day would it be?
    return s?.state === 'signed_in' && (s.mode === 'api_key' || (s.me !== null && canUseInPart('myDay', s.scopes)));
  };
  const hasWholeDay = () => {
    const s = session.value;
    return s?.state === 'signed_in' && (s.mode === 'api_key' || (s.me !== null && canUse('myDay', s.scopes)));
  };

  let dayTicket = 0;
  async function loadDay(): Promise<void> {
    if (!hasMyDay()) return;
    const ticket = ++dayTicket;
    dayLoading.value = true;
    try {
      const answer = await sendMessage('day.get', { date: date.value });
      if (ticket === dayTicket) {
        day.value = answer;
        keptRetry.answered(answer.offline);
        if (date.value === null) today.value = answer.date;
        error.value = null;
      }
    } catch (e) {
      if (ticket === dayTicket) error.value = toWireError(e);
    } finally {
      if (ticket === dayTicket) dayLoading.value = false;
    }
  }

  let jobTicket = 0;
  async function loadJob(): Promise<void> {
    const uuid = jobUuid.value;
    if (!uuid) return;
    const ticket = ++jobTicket;
    try {
      const answer = await sendMessage('job.detail', { uuid });
      if (ticket === jobTicket && jobUuid.value === uuid) {
        detail.value = answer;
        keptRetry.answered(answer.offline);
        error.value = null;
        // Every file sent (or refused: it then says what to do itself): nothing more to say beside the button.
        if (fileStatus.value && !answer.attachments?.some((a) => a.state === 'pending')) fileStatus.value = null;
        // Sent (or refused: the note itself then says what to do): nothing more to say beside the box.
        if (note.statusOf && answer.notes.find((n) => n.uuid === note.statusOf)?.state !== 'pending') {
          note.statusOf = null;
          noteStatus.value = null;
        }
      }
    } catch (e) {
      if (ticket === jobTicket) error.value = toWireError(e);
    }
  }

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
    const listed = new Set(day.value ? jobsOfDay(day.value) : []);
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
        if (visitsShown(event, { openJob: jobUuid.value, day: day.value })) refreshSoon();
        return;
      case 'outbox.changed':
        refreshSoon();
        return;
      case 'sync.status':
        dailyLimitUntil.value = event.status.dailyLimitUntil;
        return;
      case 'outbox.progress':
        if (event.jobUuid === jobUuid.value)
          progress.value = new Map(progress.value).set(event.clientUuid, { sent: event.sent, total: event.total });
        return;
    }
  }

  const model = {
    /** While the platform's daily limit holds: until when (SyncStatus.dailyLimitUntil). */
    dailyLimitUntil,
    session,
    date,
    day,
    dayLoading,
    /** Today in the account's time zone, as the last answer for today said. */
    today,
    jobUuid,
    detail,
    error,
    grantProblem,
    noteStatus,
    progress,
    fileStatus,
    workNotices,
    hasMyDay,
    hasWholeDay,
    /** The day shown is today. */
    isToday: () => day.value !== null && day.value.date === today.value,

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
    setDate(next: string | null): void {
      date.value = next;
      void loadDay();
    },
    step(days: number): void {
      const base = date.value ?? day.value?.date;
      if (!base) return;
      model.setDate(shiftDate(base, days));
    },
    async openJob(uuid: string): Promise<void> {
      jobUuid.value = uuid;
      detail.value = null;
      grantProblem.value = null;
      note.statusOf = null;
      noteStatus.value = null;
      fileStatus.value = null;
      progress.value = new Map();
      await loadJob();
    },
    back(): void {
      jobUuid.value = null;
      detail.value = null;
      grantProblem.value = null;
      void loadDay();
    },
    setWorkNotices: (next: WorkNotices) =>
      act(async () => {
        workNotices.value = next;
        await workNoticesItem.setValue(next);
      }),
    ...createJobWrites({ jobUuid, detail, error, noteStatus, fileStatus, note }, { act, loadJob }),
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
