// How a job the form saved stands, from what this browser holds: its create still in the outbox (waiting its turn
// or the network, being sent, or refused in a way only the person can fix), or gone from it, sent, with the job's
// number once the cache has read the job back (the outbox re-reads what it made). Pure: the background reads the
// entry and the job, the unit tests hold each state.
import type { Job } from '../api/schemas';
import type { NewJobProgress } from '../messaging/new-job-views';
import type { EntryOf } from '../outbox/types';

export function newJobProgress(
  entry: EntryOf<'job-create'> | undefined,
  job: Pick<Job, 'generated_job_id'> | undefined,
): NewJobProgress {
  if (!entry) return { state: 'made', number: job?.generated_job_id || null };
  if (entry.state === 'sending') return { state: 'sending' };
  if (entry.state === 'failed-permanent')
    return {
      state: 'failed',
      seq: entry.seq,
      message: entry.lastError?.message ?? 'The platform did not take the job.',
      action: entry.lastError?.action ?? '',
    };
  return { state: 'waiting', lastTry: entry.lastError?.message ?? null };
}
