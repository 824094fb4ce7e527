// A job's photos and files as pages show them: this device's own still on their way (pending, refused) first,
// then the platform's, newest first. The platform's list is read with the job's other lists and kept a few
// minutes (recent-lists.ts); a file sent from here since is remembered here, so it is read again once, rather
// than vanishing from the job until the kept list expires.
import type { Attachment } from '../api/schemas';
import type { AttachmentView } from '../messaging/job-views';
import type { OutboxEntry } from '../outbox/types';
import type { AnswerStore } from './answer-store';

interface Remembered {
  uuid: string;
  name: string;
  fileType: string;
}

const key = (jobUuid: string) => `attached:${jobUuid}`;

/** Notes a file this device attached to the job (files.attach). */
export async function rememberAttachment(
  store: AnswerStore,
  jobUuid: string,
  file: Remembered,
  at: number,
): Promise<void> {
  const list = (await store.get<Remembered[]>(key(jobUuid)))?.value ?? [];
  await store.put(key(jobUuid), [...list.filter((f) => f.uuid !== file.uuid), file], at);
}

export interface AttachmentSources {
  store: AnswerStore;
  /** The platform's list (kept a few minutes unless `fresh`). */
  read(fresh: boolean): Promise<Attachment[]>;
  entries: readonly OutboxEntry[];
  staffNames: Map<string, string>;
  author: string | null;
  now: number;
}

export async function attachmentViews(jobUuid: string, src: AttachmentSources): Promise<AttachmentView[]> {
  const waiting = src.entries.filter((e) => e.kind === 'attachment');
  const waitingIds = new Set<string>(waiting.map((e) => e.clientUuid));
  const mine = (await src.store.get<Remembered[]>(key(jobUuid)))?.value ?? [];
  let platform = await src.read(false);
  // Sent from here since the list was read (or given up): read once more, and forget what is settled.
  const unseen = (list: Attachment[]) =>
    mine.filter((f) => !waitingIds.has(f.uuid) && !list.some((a) => a.uuid === f.uuid));
  if (unseen(platform).length) {
    platform = await src.read(true);
    const settled = new Set(unseen(platform).map((f) => f.uuid));
    for (const a of platform) settled.add(a.uuid);
    await src.store.put(
      key(jobUuid),
      mine.filter((f) => !settled.has(f.uuid)),
      src.now,
    );
  }
  const queued: AttachmentView[] = waiting.flatMap((e) =>
    e.kind === 'attachment'
      ? [
          {
            uuid: e.clientUuid,
            name: e.payload.name,
            fileType: e.payload.fileType,
            addedAt: null,
            author: src.author,
            state: e.state === 'failed-permanent' ? 'failed' : 'pending',
            size: e.payload.size,
            problem:
              e.state === 'failed-permanent' && e.lastError
                ? { message: e.lastError.message, action: e.lastError.action, seq: e.seq }
                : null,
          },
        ]
      : [],
  );
  const sent: AttachmentView[] = platform
    .filter((a) => a.active && !waitingIds.has(a.uuid))
    .sort((a, b) => (b.timestamp ?? '').localeCompare(a.timestamp ?? ''))
    .map((a) => ({
      uuid: a.uuid,
      name: a.attachment_name || 'Unnamed file',
      fileType: a.file_type,
      addedAt: a.timestamp,
      author: (a.created_by_staff_uuid && src.staffNames.get(a.created_by_staff_uuid)) || null,
      state: 'sent',
      size: null,
      problem: null,
    }));
  return [...queued.reverse(), ...sent];
}
