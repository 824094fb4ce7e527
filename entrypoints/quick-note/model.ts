import { batch, signal } from '@preact/signals';
import type { MessageType, ReplyOf, RequestOf } from '@/lib/messaging/protocol';
import type { PageJob } from '@/lib/messaging/views';
import type { NoteView } from '@/lib/messaging/job-views';

// The quick-note page's state: the one job its ticket opens, that job's latest notes, and a note
// being added. Every message names the ticket; the background answers only this frame with it.

export type Send = <T extends MessageType>(type: T, payload: RequestOf<T>) => Promise<ReplyOf<T>>;

export interface QuickNoteState {
  job: PageJob;
  /** null while loading. */
  notes: NoteView[] | null;
  /** The job's customer, once the notes came; null while loading. */
  customer: string | null;
  /** The platform's notes were read: only then may an empty list say there are none. */
  notesRead: boolean;
  /** The account's time zone, once the notes came. */
  timeZone: string | null;
  canAddNote: boolean;
  saving: boolean;
  error: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createQuickNoteModel(send: Send, ticket: string) {
  const state = signal<QuickNoteState | null>(null, { name: 'quickNote.state' });

  async function readNotes(): Promise<void> {
    try {
      const { notes, notesRead, canAddNote, customer, timeZone } = await send('quickNote.notes', { ticket });
      if (state.value) state.value = { ...state.value, notes, notesRead, canAddNote, customer, timeZone };
    } catch (error) {
      if (state.value)
        state.value = {
          ...state.value,
          notes: state.value.notes ?? [],
          error: `Notes could not be read: ${messageOf(error)}`,
        };
    }
  }

  return {
    state,
    /** Opens the ticket's panel (rejects when the ticket opens nothing), then reads its notes. */
    async open(): Promise<void> {
      const job = await send('quickNote.open', { ticket });
      state.value = {
        job,
        notes: null,
        customer: null,
        notesRead: false,
        timeZone: null,
        canAddNote: false,
        saving: false,
        error: null,
      };
      void readNotes();
    },
    /** The job's notes may have changed (a note was sent, the office added one). */
    readAgain: readNotes,
    /** Adds a note (pending at once); true when stored, so the box may be emptied. */
    async addNote(text: string): Promise<boolean> {
      const now = state.value;
      if (!now) return false;
      state.value = { ...now, saving: true, error: null };
      try {
        const note = await send('quickNote.add', { ticket, text });
        batch(() => {
          const current = state.value!;
          state.value = { ...current, saving: false, notes: [note, ...(current.notes ?? [])] };
        });
        return true;
      } catch (error) {
        state.value = { ...state.value!, saving: false, error: `The note was not added: ${messageOf(error)}` };
        return false;
      }
    },
  };
}

export type QuickNoteModel = ReturnType<typeof createQuickNoteModel>;
