import { z } from 'zod';
import { UuidSchema } from '../../../contracts/uuid';
import type { NoteView } from './job-view';

// The follow-up `fieldside_add_note`: what the panel sends through `invoke` (its args, signed by the platform
// into the event) and what the companion answers (this JSON, as the text of the answer's eventResponse, which
// `invoke` resolves with), declared once. The panel's script checks the answer's shape by hand
// (panel/panel-script.ts) before it shows anything.

/** Longer notes belong in a document; a field note is a few lines. */
export const NOTE_MAX_LENGTH = 4000;

export const AddNoteArgsSchema = z.object({
  jobUUID: UuidSchema,
  /** Chosen once per note by the panel: a retry carries the same one. */
  uuid: UuidSchema,
  note: z.string().trim().min(1).max(NOTE_MAX_LENGTH),
});
export type AddNoteArgs = z.infer<typeof AddNoteArgsSchema>;

export type AddNoteAnswer = { ok: true; note: NoteView } | { ok: false; message: string };
