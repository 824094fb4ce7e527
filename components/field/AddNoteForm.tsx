import { useState } from 'preact/hooks';
import { PlusIcon } from '../icons/plus';

export interface AddNoteFormProps {
  onAdd: (text: string) => Promise<void>;
}

/** The add-note box: kept on failure so nothing typed is lost. */
export function AddNoteForm({ onAdd }: AddNoteFormProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="add-note"
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
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <div class="add-note-actions">
        <span class="hint">Saved at once; sent when the platform can be reached.</span>
        <button type="submit" class="btn-primary" disabled={busy || !text.trim()}>
          <PlusIcon />
          Add note
        </button>
      </div>
    </form>
  );
}
