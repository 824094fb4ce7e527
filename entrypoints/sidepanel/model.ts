import { signal } from '@preact/signals';
import { canUse, canUseInPart } from '@/lib/auth/scopes';
import { shiftDate } from '@/lib/locale/days';
import { jobsOfDay } from '@/lib/side-panel/day-jobs';
import { createReread } from '@/lib/side-panel/reread';
import { connectLive } from '@/lib/messaging/live';
import { markFirstRun } from '@/lib/onboarding/first-run';
import { sendMessage } from '@/lib/messaging/send';
import type { DayView, LiveEvent } from '@/lib/messaging/views';
import type { JobAction, JobDetail } from '@/lib/messaging/job-views';
import { type Feature, type SessionView } from '@/lib/messaging/session-view';
import { toWireError } from '@/lib/messaging/errors';
import { workNoticesItem } from '@/lib/settings/items';
import type { WorkNotices } from '@/lib/settings/schemas';
import type { WireError } from '@/lib/messaging/protocol';

// The side panel's state: the session, "My day" for one date, the job open (if any), the last error.
// Live events from the background re-read what is shown; the page's job (page.job) opens that job.

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
  /** What happened to the note just added, said beside the note box until it is sent. */
  const noteStatus = signal<string | null>(null, { name: 'noteStatus' });
  /** The note that status is about. */
  let statusOf: string | null = null;
  /** How much of each file on its way has gone out (outbox.progress), by its uuid. */
  const progress = signal<ReadonlyMap<string, { sent: number; total: number }>>(new Map(), { name: 'progress' });
  /** What happened to the files just added (kept, too large), said beside the button. */
  const fileStatus = signal<string | null>(null, { name: 'fileStatus' });
  /** Being told of work given to the person (off until they turn it on). */
  const workNotices = signal<WorkNotices | null>(null, { name: 'workNotices' });

  const describe = toWireError;
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
        if (date.value === null) today.value = answer.date;
        error.value = null;
      }
    } catch (e) {
      if (ticket === dayTicket) error.value = describe(e);
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
        error.value = null;
        // Every file sent (or refused: it then says what to do itself): nothing more to say beside the button.
        if (fileStatus.value && !answer.attachments?.some((a) => a.state === 'pending')) fileStatus.value = null;
        // Sent (or refused: the note itself then says what to do): nothing more to say beside the box.
        if (statusOf && answer.notes.find((n) => n.uuid === statusOf)?.state !== 'pending') {
          statusOf = null;
          noteStatus.value = null;
        }
      }
    } catch (e) {
      if (ticket === jobTicket) error.value = describe(e);
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
      error.value = describe(e);
    }
  }

  /** Many events arrive in bursts (200 notes sent): re-read once they settle, one read at a time, and
   * only what is on screen (each read spends the account's shared rate limit). */
  const reread = createReread(() => (jobUuid.value ? loadJob() : loadDay()));
  const refreshSoon = reread.soon;
  /** Changed jobs matter only if one is on screen. */
  function shows(uuids: readonly string[]): boolean {
    const open = jobUuid.value;
    if (open) return uuids.includes(open);
    const listed = new Set(day.value ? jobsOfDay(day.value) : []);
    return uuids.some((u) => listed.has(u));
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
        events: ['page.job', 'session.changed', 'jobs.changed', 'outbox.changed', 'sync.status', 'outbox.progress'],
        onReconnect: refreshSoon,
      });
      await act(loadSession);
      void workNoticesItem.getValue().then((v) => (workNotices.value = v));
      await loadDay();
      // The side panel is open for someone (a staff member, or the whole account with an API key): that
      // step of setting up is done, wherever it was begun.
      const s = session.value;
      if (s?.state === 'signed_in' && (s.mode === 'api_key' || s.me !== null))
        void markFirstRun('dayOpened').catch(() => undefined);
      const current = await sendMessage('page.currentJob', {}).catch(() => ({ uuid: null }));
      if (current.uuid) await model.openJob(current.uuid);
      return () => {
        stop();
        reread.stop();
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
      statusOf = null;
      noteStatus.value = null;
      fileStatus.value = null;
      progress.value = new Map();
      await loadJob();
    },
    back(): void {
      jobUuid.value = null;
      detail.value = null;
      void loadDay();
    },
    async addNote(text: string): Promise<void> {
      const uuid = jobUuid.value;
      if (!uuid) return;
      let note: JobDetail['notes'][number];
      try {
        note = await sendMessage('notes.add', { jobUuid: uuid, text });
      } catch (e) {
        error.value = describe(e);
        throw e;
      }
      statusOf = note.uuid;
      noteStatus.value =
        note.state === 'pending'
          ? 'Note saved on this device. It goes to the platform as soon as it can be reached.'
          : null;
      // Shown at once as pending; the outbox's own event re-reads the job once it is sent.
      const shown = detail.value;
      if (shown && shown.job.uuid === uuid) detail.value = { ...shown, notes: [note, ...shown.notes] };
    },
    toggleBadge: (badgeUuid: string, on: boolean) =>
      act(async () => {
        const uuid = jobUuid.value;
        if (!uuid) return;
        await sendMessage('badges.set', { jobUuid: uuid, badgeUuid, on });
        const shown = detail.value;
        if (shown && shown.job.uuid === uuid) {
          const badges = shown.badges.map((b) => (b.uuid === badgeUuid ? { ...b, on, pending: true } : b));
          detail.value = { ...shown, badges };
        }
      }),
    setWorkNotices: (next: WorkNotices) =>
      act(async () => {
        workNotices.value = next;
        await workNoticesItem.setValue(next);
      }),
    /** A step of the person's visit: saved at once, shown as waiting until it is sent. */
    act: (action: JobAction, text?: { message: string }) =>
      act(async () => {
        const uuid = jobUuid.value;
        if (!uuid) return;
        const visit = await sendMessage('job.act', { jobUuid: uuid, action, ...(text ? { text } : {}) });
        const shown = detail.value;
        if (shown && shown.job.uuid === uuid) detail.value = { ...shown, visit };
      }),
    /** Files chosen, pasted or dropped: kept on this device first (the files database), then queued. */
    addFiles: (files: File[]) =>
      act(async () => {
        const uuid = jobUuid.value;
        if (!uuid) return;
        // Loaded when a file is first added: the panel opens without it.
        const { keepFiles } = await import('@/lib/outbox/keep-files');
        const { kept, refused } = await keepFiles(files);
        for (const fileUuid of kept) {
          const added = await sendMessage('files.attach', { jobUuid: uuid, uuid: fileUuid });
          const shown = detail.value;
          if (shown && shown.job.uuid === uuid)
            detail.value = { ...shown, attachments: [added, ...(shown.attachments ?? [])] };
        }
        fileStatus.value = refused.length
          ? `Not added: ${refused.join(', ')} (empty, or larger than 25 MB).`
          : kept.length
            ? `${kept.length === 1 ? 'Kept' : `${kept.length} files kept`} on this device. Sent as soon as the platform can be reached.`
            : null;
      }),
    /** "No thanks" to texting customers: the offer is not made again. */
    declineTexts: () => act(async () => (await sendMessage('texts.decline', {}), loadJob())),
    retry: (seq: number) => act(async () => (await sendMessage('outbox.retry', { seq }), loadJob())),
    discard: (seq: number) => act(async () => (await sendMessage('outbox.discard', { seq }), loadJob())),
    grant: (feature: Feature) =>
      act(async () => {
        session.value = await sendMessage('session.requestFeature', { feature });
        await loadDay();
        await loadJob();
      }),
  };
  return model;
}

export type SidepanelModel = ReturnType<typeof createSidepanelModel>;
