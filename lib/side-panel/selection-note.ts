// "Add selection as a note to a job…": the selected text waits here for the picker page
// (picker.pending) while the person finds the job with quick search.

export const ADD_NOTE_MENU = 'fieldside-add-selection-note';
/** A note's limit in the protocol (NoteText). */
const MAX_NOTE = 10_000;

export interface MenuClick {
  menuItemId: string | number;
  selectionText?: string;
}

export function createSelectionNote(openPicker: () => void) {
  let pendingText: string | null = null;
  return {
    /** A context-menu click: keeps the selection and opens the picker; other menus and empty selections are ignored. */
    onClick(info: MenuClick): void {
      if (info.menuItemId !== ADD_NOTE_MENU) return;
      const text = (info.selectionText ?? '').trim();
      if (!text) return;
      pendingText = text.slice(0, MAX_NOTE);
      openPicker();
    },
    pending: (): string | null => pendingText,
    /** The note was added (or the picker cancelled): forget the text. */
    clear(): void {
      pendingText = null;
    },
  };
}
export type SelectionNote = ReturnType<typeof createSelectionNote>;
