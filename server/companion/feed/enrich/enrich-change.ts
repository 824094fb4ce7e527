import type { JobRecords } from './job-records';
import type { NoteJobs } from './note-jobs';
import type { VisitJobs } from './visit-jobs';
import type { NewChange } from '../store/types';

/**
 * What the companion reads once for the whole account and adds to a new change before it is appended: a note's
 * job (note-jobs.ts), a job's record and who may see a new job (job-records.ts), a visit's job for its staff
 * member (visit-jobs.ts). Never throws: a read that fails
 * leaves the change as the notification said it, and the browsers read for themselves as before. The webhook is
 * never failed for it.
 */
export function createChangeEnrichment(deps: { noteJobs: NoteJobs; jobRecords: JobRecords; visitJobs?: VisitJobs }) {
  return async (account: string, change: NewChange): Promise<void> => {
    try {
      if (change.object === 'note') {
        const job = await deps.noteJobs.jobOf(account, change);
        if (job) change.job_uuid = job;
      } else if (change.object === 'job') {
        await deps.jobRecords.enrich(account, change);
      } else if (change.object === 'jobactivity') {
        await deps.visitJobs?.enrich(account, change);
      }
    } catch {
      // What was read before the failure stays on the change; each part was checked whole before it was put there.
    }
  };
}
