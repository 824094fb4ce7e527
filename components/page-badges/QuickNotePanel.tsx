import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PageJob } from '@/lib/messaging/views';
import type { NoteView } from '@/lib/messaging/job-views';
import { Chip, StatusChip } from '../design/Chip';
import { Loading } from '../design/Loading';
import { Notice } from '../design/Notice';
import { ProblemNotice } from '../design/ProblemNotice';
import { CloseIcon } from '../icons/close';
import { NoteIcon } from '../icons/note';
import { NoteItem } from './NoteItem';
import { isSendKey, sendKeyWords } from '../note-keys';

// The quick-note panel: a job's latest notes and a box to add one. It lives on the quick-note page
// (entrypoints/quick-note), in a frame beside the badge, so what the person types never passes through
// the web page. Non-modal: it traps no focus; Escape (anywhere inside) or the close button closes it,
// and focus goes back to the badge.

export interface QuickNotePanelProps {
  id: string;
  job: PageJob;
  /** null while loading. */
  notes: NoteView[] | null;
  /** The platform's notes were read: only then may an empty list say there are none. */
  notesRead: boolean;
  /** The account's time zone (the notes' times are its local time). */
  timeZone: string | null;
  /** The job's customer ('' when it has none), null while loading. */
  customer: string | null;
  canAddNote: boolean;
  saving: boolean;
  error: string | null;
  onAdd: (text: string) => Promise<boolean>;
  onClose: () => void;
}

export function QuickNotePanel({
  id,
  job,
  notes,
  notesRead,
  timeZone,
  customer,
  canAddNote,
  saving,
  error,
  onAdd,
  onClose,
}: QuickNotePanelProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus into the panel on opening: the heading first, then the note box once the panel knows the
  // person may add notes (unless they have moved on meanwhile). Layout effects, so the two run in
  // render order even when the notes arrive before the browser paints. Neither scrolls: the frame may
  // not have its height yet (a busy page gives it late), and a note box scrolled into a frame still 2px
  // tall would leave a panel longer than its frame opened scrolled, its title and close button out of sight.
  useLayoutEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  useLayoutEffect(() => {
    const root = heading.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (canAddNote && box.current && root?.activeElement === heading.current)
      box.current.focus({ preventScroll: true });
  }, [canAddNote]);

  const form = useRef<HTMLFormElement>(null);
  const now = Date.now();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (text.trim() === '' || saving) return;
    if (await onAdd(text)) setText('');
  };

  return (
    <div
      class="panel"
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div class="panel-head">
        <NoteIcon />
        <h2 id={`${id}-title`} tabIndex={-1} ref={heading}>
          Job #{job.number}: notes
        </h2>
        <button type="button" class="close btn-ghost btn-icon btn-sm" aria-label="Close notes" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <p class="panel-meta">
        <StatusChip status={job.status} />
        {/* The badge's names too: the badge beside the job shows them only as far as its fixed box allows. */}
        {job.badges.map((name) => (
          <Chip look="outline" class="tag">
            {name}
          </Chip>
        ))}
        {customer ? <span>{customer}</span> : null}
      </p>
      {canAddNote ? (
        <form class="add" onSubmit={submit} ref={form}>
          <label for={`${id}-text`}>Add a note</label>
          <textarea
            id={`${id}-text`}
            ref={box}
            rows={3}
            maxLength={10_000}
            value={text}
            aria-describedby={`${id}-keys`}
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (!isSendKey(e)) return;
              e.preventDefault();
              form.current?.requestSubmit();
            }}
          />
          <div class="add-actions">
            <span class="hint" id={`${id}-keys`}>
              <kbd>{sendKeyWords()}</kbd> adds it
            </span>
            <button type="submit" class="btn-primary" disabled={saving || text.trim() === ''}>
              {saving ? 'Adding…' : 'Add note'}
            </button>
          </div>
        </form>
      ) : notes !== null ? (
        <Notice tone="info">Your sign-in does not allow adding notes. Turn on notes in Fieldside's options.</Notice>
      ) : null}
      {error ? <ProblemNotice class="error" problem={error} /> : null}
      {notes === null ? (
        <Loading>Loading notes…</Loading>
      ) : notes.length === 0 ? (
        notesRead ? (
          <p class="hint">No notes yet.</p>
        ) : error ? null : (
          <p class="hint">The job’s notes could not be read just now: the platform may be out of reach.</p>
        )
      ) : (
        <ul class="notes" aria-label="Latest notes, newest first">
          {notes.map((note) => (
            <NoteItem key={note.uuid} note={note} timeZone={timeZone} now={now} />
          ))}
        </ul>
      )}
      <p class="hint panel-foot" id={`${id}-two-panels`}>
        The same notes as the Fieldside action on the job card. This panel is your browser’s: it keeps a note you write
        offline and sends it later. The job card’s works on any device, the phone app too.
      </p>
    </div>
  );
}
