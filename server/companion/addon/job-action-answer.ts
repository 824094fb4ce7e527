import { z } from 'zod';
import { UuidSchema } from '../../../contracts/uuid';
import { JOB_ACTIONS } from '../../../contracts/job-actions';
import type { NoteView } from './job-view';
import type { VisitState } from './visit-records';

// The follow-up `fieldside_job_action`: what the panel sends through `invoke` for "On my way", "Arrived", "Done"
// and completing the job (its args, signed by the platform into the event), and what the companion answers (this
// JSON as the text of the answer's eventResponse), declared once. The panel's script checks the answer's shape by
// hand (panel/panel-visit-script.ts) before it shows anything.

export const JobActionArgsSchema = z.object({
  jobUUID: UuidSchema,
  action: z.enum(JOB_ACTIONS),
  /** Chosen once per press in the window (a retry carries the same one): the "On my way" note's uuid, the arrival's
   * recorded activity; for "Done", the activity it closes; for completing, unused. */
  uuid: UuidSchema,
});
export type JobActionArgs = z.infer<typeof JobActionArgsSchema>;

export type JobActionAnswer =
  { ok: true; visit: VisitState; note?: NoteView } | { ok: false; message: string; visit?: VisitState };
