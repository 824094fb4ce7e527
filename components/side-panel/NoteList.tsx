import type { NoteView } from '@/lib/messaging/job-views';
import { NoteIcon } from '../icons/note';
import { ago, clockTime, shortDay } from '@/lib/locale/words';
import { todayIn } from '@/lib/locale/days';
import { OutboxChip, OutboxProblem } from './OutboxState';

export interface NoteListProps {
  notes: NoteView[];
  /** The account's time zone (the notes' times are its local time). */
  timeZone: string | null;
  /** The platform's notes were read: only then may an empty list say there are none. */
  complete: boolean;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
}

/** Notes newest first; writes the platform does not have yet are marked, failures say what to do. */
export function NoteList({ notes, timeZone, complete, onRetry, onDiscard }: NoteListProps) {
  const now = Date.now();
  if (notes.length === 0) {
    if (!complete) return null;
    return (
      <p id="notes-empty" class="notes-empty">
        <NoteIcon />
        No notes yet.
      </p>
    );
  }
  return (
    <ol class="notes list-plain" aria-label="Notes, newest first">
      {notes.map((note) => (
        <li key={note.uuid} class={`note card note-${note.state}`} data-note-uuid={note.uuid} data-state={note.state}>
          <p class="note-text">{note.text}</p>
          <p class="note-meta">
            {note.state === 'sent' && (
              <span>
                {note.createdAt && (
                  <time dateTime={note.createdAt.replace(' ', 'T')} title={exactly(note.createdAt, now, timeZone)}>
                    {ago(note.createdAt, timeZone, now)}
                  </time>
                )}
                {note.createdAt && note.author ? ' · ' : ''}
                {note.author}
              </span>
            )}
            <OutboxChip state={note.state} waiting="Pending — not on the platform yet" />
          </p>
          {note.problem && <OutboxProblem problem={note.problem} onRetry={onRetry} onDiscard={onDiscard} />}
        </li>
      ))}
    </ol>
  );
}

/** "Tue, 25 Nov 2:38 pm": a note's time in full, on hover. */
function exactly(local: string, now: number, timeZone: string | null): string {
  return `${shortDay(local, todayIn(timeZone, now))} ${clockTime(local)}`;
}
