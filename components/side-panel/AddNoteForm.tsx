import { useRef, useState } from 'preact/hooks';
import { PlusIcon } from '../icons/plus';
import { isSendKey, sendKeyWords } from '../note-keys';

export interface AddNoteFormProps {
  onAdd: (text: string) => Promise<void>;
  /** What happened to the note just added, said here beside the box (null: nothing to say). */
  status: string | null;
}

/** The add-note box: Ctrl/Cmd+Enter or the button adds; kept on failure so nothing typed is lost. */
export function AddNoteForm({ onAdd, status }: AddNoteFormProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const keys = sendKeyWords();
  return (
    <form
      class="add-note"
      ref={form}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim() || busy) return;
        setBusy(true);
        try {
          await onAdd(text);
          setText('');
        } catch {
          // The owner shows the error; the text stays in the box so nothing typed is lost.
        } finally {
          setBusy(false);
        }
      }}
    >
      <label for="note-text" class="label">
        New note
      </label>
      <textarea
        id="note-text"
        rows={3}
        value={text}
        maxLength={10_000}
        placeholder="What did you find, what is left to do…"
        aria-describedby="note-keys note-status"
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (!isSendKey(e)) return;
          e.preventDefault();
          form.current?.requestSubmit();
        }}
      />
      <div class="add-note-actions">
        <span class="hint" id="note-keys">
          <kbd>{keys}</kbd> adds it. Saved at once, sent when the platform can be reached.
        </span>
        <button type="submit" class="btn-primary" disabled={busy || !text.trim()}>
          <PlusIcon />
          Add note
        </button>
      </div>
      <p id="note-status" role="status" class="note-status quiet-when-empty">
        {status}
      </p>
    </form>
  );
}
