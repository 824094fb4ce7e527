// Who completed a job and when. The OpenAPI's job has `completion_date`, "the date and time that the job status was
// changed to Completed", and `completion_actioned_by_uuid`, "the staff member who marked this job as completed (Read
// only)": the platform sets both as a job's status becomes Completed, whoever writes it (REST, the office). What it
// does with them when the job is reopened is not known: they are kept, and a later completion writes them again.
import type { Rec } from './field-kinds';

const COMPLETED = 'Completed';

/** The fields a write that completes the job sets besides its own: none unless the status becomes Completed. A date
 * the writer gave is theirs (the field is writable); who completed it never is. */
export function completionStamp(
  before: Rec | undefined,
  after: Rec,
  written: Rec,
  stamp: string,
  by: string | undefined,
): Rec {
  if (after.status !== COMPLETED || before?.status === COMPLETED) return {};
  return {
    completion_date: written.completion_date ?? stamp,
    completion_actioned_by_uuid: by ?? '',
  };
}
