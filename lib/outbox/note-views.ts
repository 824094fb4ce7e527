// Notes as pages show them: the platform's, with the outbox's pending and failed writes on top.
// Text stays text here; the pages render it as text.
import type { Note } from '../api/schemas';
import type { NoteView } from '../messaging/job-views';
import type { OutboxEntry } from './types';

export function sentNote(note: Note, staffNames: Map<string, string>): NoteView {
  return {
    uuid: note.uuid,
    text: note.note,
    createdAt: note.create_date,
    author: note.edit_by_staff_uuid ? (staffNames.get(note.edit_by_staff_uuid) ?? null) : null,
    state: 'sent',
    problem: null,
  };
}

/** An outbox note as the person sees it until the platform has it. */
export function outboxNote(entry: OutboxEntry, author: string | null): NoteView | null {
  if (entry.kind !== 'note') return null;
  const failed = entry.state === 'failed-permanent';
  return {
    uuid: entry.clientUuid,
    text: entry.payload.note,
    createdAt: null,
    author,
    state: failed ? 'failed' : 'pending',
    problem:
      failed && entry.lastError
        ? { message: entry.lastError.message, action: entry.lastError.action, seq: entry.seq }
        : null,
  };
}

/** Newest first: pending writes (newest last written first) above the platform's notes. */
export function mergeNotes(sent: NoteView[], entries: readonly OutboxEntry[], author: string | null): NoteView[] {
  const queued = [...entries].sort((a, b) => b.seq - a.seq).flatMap((e) => outboxNote(e, author) ?? []);
  const queuedIds = new Set(queued.map((n) => n.uuid));
  const platform = sent
    .filter((n) => !queuedIds.has(n.uuid))
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.uuid.localeCompare(a.uuid));
  return [...queued, ...platform];
}
