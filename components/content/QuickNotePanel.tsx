import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { NoteView, PageJob } from '@/lib/messaging/views';
import { NoteItem } from './NoteItem';

// The quick-note panel: a job's latest notes and a box to add one. Non-modal: it traps no focus;
// Escape (anywhere inside) or the close button closes it, and focus goes back to the badge.

export interface QuickNotePanelProps {
  id: string;
  job: PageJob;
  /** null while loading. */
  notes: NoteView[] | null;
  /** The job's customer ('' when it has none), null while loading. */
  customer: string | null;
  canAddNote: boolean;
  saving: boolean;
  error: string | null;
  onAdd: (text: string) => Promise<boolean>;
  onClose: () => void;
}

export function QuickNotePanel({ id, job, notes, customer, canAddNote, saving, error, onAdd, onClose }: QuickNotePanelProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus into the panel on opening: the heading first, then the note box once the panel knows the
  // person may add notes (unless they have moved on meanwhile). Layout effects, so the two run in
  // render order even when the notes arrive before the browser paints.
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);
  useLayoutEffect(() => {
    const root = heading.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (canAddNote && box.current && root?.activeElement === heading.current) box.current.focus();
  }, [canAddNote]);

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
        <h2 id={`${id}-title`} tabIndex={-1} ref={heading}>
          Job #{job.number}: notes
        </h2>
        <button type="button" class="close" aria-label="Close notes" onClick={onClose}>
          ×
        </button>
      </div>
      <p class="panel-meta">
        {job.status}
        {customer ? ` · ${customer}` : ''}
      </p>
      {canAddNote ? (
        <form class="add" onSubmit={submit}>
          <label for={`${id}-text`}>Add a note</label>
          <textarea id={`${id}-text`} ref={box} rows={3} maxLength={10_000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
          <button type="submit" disabled={saving || text.trim() === ''}>
            {saving ? 'Adding…' : 'Add note'}
          </button>
        </form>
      ) : (
        <p class="hint">Your sign-in does not allow adding notes. Turn on notes in Fieldside's options.</p>
      )}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {notes === null ? (
        <p role="status">Loading notes…</p>
      ) : notes.length === 0 ? (
        <p class="hint">No notes yet.</p>
      ) : (
        <ul class="notes" aria-label="Latest notes, newest first">
          {notes.map((note) => (
            <NoteItem key={note.uuid} note={note} />
          ))}
        </ul>
      )}
    </div>
  );
}
