import { z } from 'zod';
import type { NoteView } from './job-view';

// The follow-up `fieldside_add_note`: what the panel sends through `invoke` (its args, signed by the platform
// into the event) and what the companion answers (text: this JSON), declared once. The panel's script checks the
// answer's shape by hand (panel/panel-script.ts) before it shows anything.

/** Longer notes belong in a document; a field note is a few lines. */
export const NOTE_MAX_LENGTH = 4000;

const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const AddNoteArgsSchema = z.object({
  jobUUID: Uuid,
  /** Chosen once per note by the panel: a retry carries the same one. */
  uuid: Uuid,
  note: z.string().trim().min(1).max(NOTE_MAX_LENGTH),
  /** Fresh for every send, retries included. The platform's event token counts time in seconds and carries no id
   * of its own, so a retry sent within the second of the failed send would otherwise be the very same token, which
   * the companion refuses as a replay. */
  attempt: Uuid.optional(),
});
export type AddNoteArgs = z.infer<typeof AddNoteArgsSchema>;

export type AddNoteAnswer = { ok: true; note: NoteView } | { ok: false; message: string };
