import { z } from 'zod';
import type { NoteView } from './job-view';

// The follow-up `fieldside_add_note`: what the panel sends through `invoke` (its args, signed by the platform
// into the event) and what the companion answers (this JSON, as the text of the answer's eventResponse, which
// `invoke` resolves with), declared once. The panel's script checks the answer's shape by hand
// (panel/panel-script.ts) before it shows anything.

/** Longer notes belong in a document; a field note is a few lines. */
export const NOTE_MAX_LENGTH = 4000;

const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const AddNoteArgsSchema = z.object({
  jobUUID: Uuid,
  /** Chosen once per note by the panel: a retry carries the same one. */
  uuid: Uuid,
  note: z.string().trim().min(1).max(NOTE_MAX_LENGTH),
});
export type AddNoteArgs = z.infer<typeof AddNoteArgsSchema>;

export type AddNoteAnswer = { ok: true; note: NoteView } | { ok: false; message: string };
