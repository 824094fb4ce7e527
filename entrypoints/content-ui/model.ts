import { batch, computed, signal } from '@preact/signals';
import type { NoteView, PageJob } from '@/lib/messaging/views';
import type { MessageType, ReplyOf, RequestOf } from '@/lib/messaging/protocol';

// State of the content UI on one page: the jobs its badges show (one batched `content.jobs` per
// scan) and the one open quick-note panel. Badges render from these signals. Opening the panel is
// what reads a job's notes: it happens on the person's click only (trusted-events.ts).

export type Send = <T extends MessageType>(type: T, payload: RequestOf<T>) => Promise<ReplyOf<T>>;

export interface PanelState {
  /** The badge (host) the panel belongs to. */
  hostId: string;
  jobUuid: string;
  notes: NoteView[] | null;
  /** The job's customer, once the notes came (badges are told less). */
  customer: string | null;
  /** The platform's notes were read: only then may an empty list say there are none. */
  notesRead: boolean;
  /** The account's time zone, once the notes came. */
  timeZone: string | null;
  canAddNote: boolean;
  saving: boolean;
  error: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createContentModel(send: Send) {
  const byUuid = signal<ReadonlyMap<string, PageJob>>(new Map(), { name: 'content.jobsByUuid' });
  const byNumber = computed(
    () => new Map([...byUuid.value.values()].map((job) => [job.number.replace(/^#/, ''), job])),
  );
  const panel = signal<PanelState | null>(null, { name: 'content.panel' });
  const known = { uuids: new Set<string>(), numbers: new Set<string>() };

  async function load(uuids: readonly string[], numbers: readonly string[]): Promise<void> {
    // The protocol caps a message at 500 of each; a page rarely has more than 50.
    for (let i = 0; i < Math.max(uuids.length, numbers.length); i += 500) {
      const { jobs } = await send('content.jobs', {
        uuids: uuids.slice(i, i + 500),
        numbers: numbers.slice(i, i + 500),
      });
      const next = new Map(byUuid.value);
      for (const job of jobs) next.set(job.uuid, job);
      byUuid.value = next;
    }
  }

  async function loadNotes(jobUuid: string): Promise<void> {
    try {
      const { notes, notesRead, canAddNote, customer, timeZone } = await send('content.notes', { jobUuid });
      if (panel.value?.jobUuid === jobUuid)
        panel.value = { ...panel.value, notes, notesRead, canAddNote, customer, timeZone };
    } catch (error) {
      if (panel.value?.jobUuid === jobUuid)
        panel.value = { ...panel.value, notes: [], error: `Notes could not be read: ${messageOf(error)}` };
    }
  }

  return {
    byUuid,
    byNumber,
    panel,
    /** Jobs found by a scan: asked for in one message. */
    track(uuids: readonly string[], numbers: readonly string[]): Promise<void> {
      const newUuids = uuids.filter((u) => !known.uuids.has(u));
      const newNumbers = numbers.filter((n) => !known.numbers.has(n));
      for (const u of newUuids) known.uuids.add(u);
      for (const n of newNumbers) known.numbers.add(n);
      return newUuids.length + newNumbers.length === 0 ? Promise.resolve() : load(newUuids, newNumbers);
    },
    /** Jobs changed in the cache: re-read the ones this page shows (all when `uuids` is empty). */
    async refresh(uuids: readonly string[]): Promise<void> {
      const shown =
        uuids.length === 0 ? [...known.uuids] : uuids.filter((u) => known.uuids.has(u) || byUuid.value.has(u));
      const numbers = uuids.length === 0 ? [...known.numbers] : [];
      if (shown.length + numbers.length > 0) await load(shown, numbers);
      const open = panel.value;
      if (open && (uuids.length === 0 || uuids.includes(open.jobUuid))) await loadNotes(open.jobUuid);
    },
    open(hostId: string, jobUuid: string): void {
      panel.value = {
        hostId,
        jobUuid,
        notes: null,
        customer: null,
        notesRead: false,
        timeZone: null,
        canAddNote: false,
        saving: false,
        error: null,
      };
      void loadNotes(jobUuid);
    },
    close(): void {
      panel.value = null;
    },
    /** Adds a note (pending at once); true when stored. */
    async addNote(text: string): Promise<boolean> {
      const open = panel.value;
      if (!open) return false;
      panel.value = { ...open, saving: true, error: null };
      try {
        const note = await send('content.addNote', { jobUuid: open.jobUuid, text });
        batch(() => {
          const now = panel.value;
          if (now?.jobUuid === open.jobUuid)
            panel.value = { ...now, saving: false, notes: [note, ...(now.notes ?? [])] };
        });
        return true;
      } catch (error) {
        const now = panel.value;
        if (now?.jobUuid === open.jobUuid)
          panel.value = { ...now, saving: false, error: `The note was not added: ${messageOf(error)}` };
        return false;
      }
    },
  };
}

export type ContentModel = ReturnType<typeof createContentModel>;
