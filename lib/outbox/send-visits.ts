// Sending what a visit records: arriving (a recorded job activity is created, starting and ending at the moment
// of arrival, so the office sees the person on site at once), leaving (its end is set) and the job's status.
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

export function sendStatus(client: OutboxClient, entry: EntryOf<'status'>): Promise<void> {
  return client.jobs.updateStatus(entry.jobUuid, entry.payload.status);
}
