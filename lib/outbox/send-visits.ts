// Sending what a visit records: arriving (a recorded job activity is created, starting and ending at the moment
// of arrival, so the office sees the person on site at once), leaving (its end is set) and the job's status (and
// undoing a completion).
import { COMPLETED_BY_OTHER, COMPLETED_STATUS, completedByOther } from '../../contracts/job-actions';
import { platformHas, type OutboxClient } from './apply';
import type { EntryOf } from './types';

export async function sendActivityStart(client: OutboxClient, entry: EntryOf<'activity-start'>): Promise<void> {
  if (entry.attempts > 1 && (await platformHas(() => client.jobActivities.get(entry.clientUuid), entry.jobUuid)))
    return;
  await client.jobActivities.createRecorded({
    uuid: entry.clientUuid,
    jobUuid: entry.jobUuid,
    staffUuid: entry.payload.staffUuid,
    start: entry.payload.start,
    end: entry.payload.start,
  });
}

/** Sets the end: the same value however often it is sent. */
export function sendActivityEnd(client: OutboxClient, entry: EntryOf<'activity-end'>): Promise<void> {
  return client.jobActivities.setEnd(entry.payload.activityUuid, entry.payload.end);
}

/** An "Undo" of a completion that found the job completed again by someone else: only a person can say which stands. */
export class CompletedByOtherError extends Error {
  override readonly name = 'CompletedByOtherError';
  readonly code = 'completed-by-other';
  readonly action = 'Ask the office whether the job should be open again, then discard this undo here.';
  constructor() {
    super(COMPLETED_BY_OTHER);
  }
}

/** Sets the job's status. An undo of the person's completion puts the status back only while the job is completed
 * and no one else completed it since (the office reopened it and completed it again): otherwise it would undo their
 * decision. A job already reopened keeps the status it has now. A platform that does not say who completed a job
 * (blank) leaves the undo as pressed. */
export async function sendStatus(client: OutboxClient, entry: EntryOf<'status'>): Promise<void> {
  const undoing = entry.payload.undoesCompletionBy;
  if (undoing) {
    const now = await client.jobs.completion(entry.jobUuid);
    if (now.status !== COMPLETED_STATUS) return;
    if (completedByOther(now.completion_actioned_by_uuid, undoing)) throw new CompletedByOtherError();
  }
  await client.jobs.updateStatus(entry.jobUuid, entry.payload.status);
}
