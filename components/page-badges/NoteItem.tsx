import type { NoteView } from '@/lib/messaging/job-views';
import { Chip } from '../design/Chip';
import { problemWords } from '../design/problem-words';
import { ago } from '@/lib/locale/words';

/** One note in the quick-note panel; a write still in the outbox says so, a failed one says what to do. */
export function NoteItem({ note, timeZone, now }: { note: NoteView; timeZone: string | null; now: number }) {
  return (
    <li class="note" data-state={note.state}>
      <p class="note-text">{note.text}</p>
      <p class="note-meta">
        {note.state === 'pending' ? (
          <Chip tone="warning" class="pending">
            Pending: not on the platform yet
          </Chip>
        ) : note.state === 'failed' ? (
          <Chip tone="danger" class="failed">
            Not sent: {note.problem ? problemWords(note.problem.message).what : 'the platform refused it.'}{' '}
            {note.problem?.action ?? ''}
          </Chip>
        ) : (
          <>
            {note.createdAt ? ago(note.createdAt, timeZone, now) : ''}
            {note.author ? ` · ${note.author}` : ''}
          </>
        )}
      </p>
    </li>
  );
}
