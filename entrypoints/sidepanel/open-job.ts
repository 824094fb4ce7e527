import { signal, type Signal } from '@preact/signals';
import { sendMessage } from '@/lib/messaging/send';
import { toWireError } from '@/lib/messaging/errors';
import type { JobDetail } from '@/lib/messaging/job-views';
import type { WireError } from '@/lib/messaging/protocol';
import type { NoteShown } from './job-writes';

// The job open in the side panel (none: the day is shown), as last read, and what is said beside its note box and
// its files button until what they are about is sent. Only the latest read of the job still open is shown.

export function createOpenJob({
  error,
  answered,
}: {
  error: Signal<WireError | null>;
  /** Each answer shown, kept (`offline`) or fresh: the panel reads a kept one again by itself (model.ts). */
  answered: (kept: boolean) => void;
}) {
  const jobUuid = signal<string | null>(null, { name: 'jobUuid' });
  const detail = signal<JobDetail | null>(null, { name: 'detail' });
  /** What happened to the note just added, said beside the note box until it is sent. */
  const noteStatus = signal<string | null>(null, { name: 'noteStatus' });
  /** The note that status is about. */
  const note: NoteShown = { statusOf: null };
  /** How much of each file on its way has gone out (outbox.progress), by its uuid. */
  const progress = signal<ReadonlyMap<string, { sent: number; total: number }>>(new Map(), { name: 'progress' });
  /** What happened to the files just added (kept, too large), said beside the button. */
  const fileStatus = signal<string | null>(null, { name: 'fileStatus' });

  let jobTicket = 0;
  async function loadJob(): Promise<void> {
    const uuid = jobUuid.value;
    if (!uuid) return;
    const ticket = ++jobTicket;
    try {
      const answer = await sendMessage('job.detail', { uuid });
      if (ticket === jobTicket && jobUuid.value === uuid) {
        detail.value = answer;
        answered(answer.offline);
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

  return {
    jobUuid,
    detail,
    noteStatus,
    note,
    progress,
    fileStatus,
    loadJob,
    /** Shows `uuid` (null: none), with nothing said yet about its note or files. */
    show(uuid: string | null): void {
      jobUuid.value = uuid;
      detail.value = null;
      note.statusOf = null;
      noteStatus.value = null;
      fileStatus.value = null;
      progress.value = new Map();
    },
    /** A file's progress, if it is the open job's. */
    fileProgress(jobUuidOfFile: string, clientUuid: string, sent: number, total: number): void {
      if (jobUuidOfFile === jobUuid.value) progress.value = new Map(progress.value).set(clientUuid, { sent, total });
    },
  };
}
