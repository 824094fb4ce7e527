import { z } from 'zod';
import { UuidSchema } from '../../../contracts/uuid';
import { JOB_STATUSES, VISIT_COMMANDS, type JobStatus } from '../../../contracts/job-actions';
import type { NoteView } from './job-view';
import type { VisitState } from './visit-records';

// The follow-up `fieldside_job_action`: what the panel sends through `invoke` for "On my way", "Arrived", "Done",
// completing the job and undoing it (its args, signed by the platform into the event), and what the companion
// answers (this JSON as the text of the answer's eventResponse), declared once. The panel's script checks the
// answer's shape by hand (panel/panel-visit-script.ts) before it shows anything.

export const JobActionArgsSchema = z.object({
  jobUUID: UuidSchema,
  action: z.enum(VISIT_COMMANDS),
  /** Chosen once per press in the window (a retry carries the same one): the "On my way" note's uuid, the arrival's
   * recorded activity; for "Done", the activity it closes; for completing and undoing it, unused. */
  uuid: UuidSchema,
  /** For "reopen": the status to put back, as the answer to completing it said (`reopenAs`). */
  reopenAs: z.enum(JOB_STATUSES).optional(),
});
export type JobActionArgs = z.infer<typeof JobActionArgsSchema>;

export type JobActionAnswer =
  | {
      ok: true;
      visit: VisitState;
      /** The job's status as the platform holds it after this: the panel's status shows it. */
      status: string;
      note?: NoteView;
      /** Only when this press completed the job: the status it had, which "Undo" in the window puts back. */
      reopenAs?: JobStatus;
    }
  | {
      ok: false;
      message: string;
      /** When the press was decided against (an Undo of a job someone else completed since): the visit as it
       * stands, which the panel shows in place of what it had, dropping the Undo. */
      visit?: VisitState;
    };
