import type { NoteView } from '@/lib/messaging/views';

/** One note in the quick-note panel; a write still in the outbox says so, a failed one says what to do. */
export function NoteItem({ note }: { note: NoteView }) {
  return (
    <li class="note" data-state={note.state}>
      <p class="note-text">{note.text}</p>
      <p class="note-meta">
        {note.state === 'pending' ? (
          <span class="pending">Pending: not on the platform yet</span>
        ) : note.state === 'failed' ? (
          <span class="failed">
            Not sent: {note.problem?.message ?? 'the platform refused it.'} {note.problem?.action ?? ''}
          </span>
        ) : (
          <>
            {note.author ? `${note.author} · ` : ''}
            {note.createdAt ?? ''}
          </>
        )}
      </p>
    </li>
  );
}
