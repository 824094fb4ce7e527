import type { Signal } from '@preact/signals';
import { sendMessage } from '@/lib/messaging/send';
import { toWireError } from '@/lib/messaging/errors';
import type { WireError } from '@/lib/messaging/protocol';
import type { JobDetail, VisitCommand } from '@/lib/messaging/job-views';

// What the person does to the job open in the side panel: a note, a badge, a step of their visit, files, and the
// outbox's retry and discard. Each is shown at once (as waiting where it is not sent yet) and said in words beside
// its control; the background's own events re-read the job once it is sent (model.ts).

/** The note the words beside the note box are about, until the job's read shows it sent. */
export interface NoteShown {
  statusOf: string | null;
}

export interface JobWriteState {
  jobUuid: Signal<string | null>;
  detail: Signal<JobDetail | null>;
  error: Signal<WireError | null>;
  noteStatus: Signal<string | null>;
  fileStatus: Signal<string | null>;
  note: NoteShown;
}

export function createJobWrites(
  { jobUuid, detail, error, noteStatus, fileStatus, note: noteShown }: JobWriteState,
  { act, loadJob }: { act: (what: () => Promise<unknown>) => Promise<void>; loadJob: () => Promise<void> },
) {
  /** The job on screen, if it is still `uuid`'s: a write's answer is shown only on its own job. */
  const shownFor = (uuid: string) => (detail.value?.job.uuid === uuid ? detail.value : null);
  return {
    async addNote(text: string): Promise<void> {
      const uuid = jobUuid.value;
      if (!uuid) return;
      let note: JobDetail['notes'][number];
      try {
        note = await sendMessage('notes.add', { jobUuid: uuid, text });
      } catch (e) {
        error.value = toWireError(e);
        throw e;
      }
      noteShown.statusOf = note.uuid;
      noteStatus.value =
        note.state === 'pending'
          ? 'Note saved on this device. It goes to the platform as soon as it can be reached.'
          : null;
      // Shown at once as pending; the outbox's own event re-reads the job once it is sent.
      const shown = shownFor(uuid);
      if (shown) detail.value = { ...shown, notes: [note, ...shown.notes] };
    },
    toggleBadge: (badgeUuid: string, on: boolean) =>
      act(async () => {
        const uuid = jobUuid.value;
        if (!uuid) return;
        await sendMessage('badges.set', { jobUuid: uuid, badgeUuid, on });
        const shown = shownFor(uuid);
        if (shown) {
          const badges = shown.badges.map((b) => (b.uuid === badgeUuid ? { ...b, on, pending: true } : b));
          detail.value = { ...shown, badges };
        }
      }),
    /** A step of the person's visit (or undoing the job's completion): saved at once, shown as waiting until sent. */
    act: (action: VisitCommand, text?: { message: string }) =>
      act(async () => {
        const uuid = jobUuid.value;
        if (!uuid) return;
        const visit = await sendMessage('job.act', { jobUuid: uuid, action, ...(text ? { text } : {}) });
        const shown = shownFor(uuid);
        if (shown) detail.value = { ...shown, visit };
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
          const shown = shownFor(uuid);
          if (shown) detail.value = { ...shown, attachments: [added, ...(shown.attachments ?? [])] };
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
  };
}
