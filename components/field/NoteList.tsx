import type { NoteView } from '@/lib/messaging/views';

export interface NoteListProps {
  notes: NoteView[];
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
}

/** Notes newest first; writes the platform does not have yet are marked, failures say what to do. */
export function NoteList({ notes, onRetry, onDiscard }: NoteListProps) {
  if (notes.length === 0) return <p id="notes-empty">No notes yet.</p>;
  return (
    <ol class="notes" aria-label="Notes, newest first">
      {notes.map((note) => (
        <li key={note.uuid} class={`note note-${note.state}`} data-note-uuid={note.uuid} data-state={note.state}>
          <p class="note-text">{note.text}</p>
          <p class="note-meta">
            {note.state === 'sent' && <span>{[note.author, note.createdAt].filter(Boolean).join(' · ')}</span>}
            {note.state === 'pending' && <span class="pending">Pending — not on the platform yet</span>}
            {note.state === 'failed' && <span class="failed">Not sent</span>}
          </p>
          {note.problem && (
            <div class="problem" role="alert">
              <p>{note.problem.message}</p>
              <p>{note.problem.action}</p>
              <button type="button" onClick={() => onRetry(note.problem!.seq)}>Retry</button>{' '}
              <button type="button" onClick={() => onDiscard(note.problem!.seq)}>Discard</button>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
