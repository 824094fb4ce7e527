import { formatUtc } from '../clock';
import type { RecordChange } from '../contracts';
import type { WebhookEvent } from './input';
import { resourceUrl, type WebhookEventNotification } from './notification';

export interface JobEvent {
  event: WebhookEvent;
  notification: WebhookEventNotification;
}

/** The badge uuids of a job's `badges` (a JSON array sent as a string); anything malformed counts as none. */
function badgesOf(record: RecordChange['record']): Set<string> {
  try {
    const parsed: unknown = JSON.parse(String(record?.badges ?? '[]') || '[]');
    return new Set(Array.isArray(parsed) ? parsed.map(String) : []);
  } catch {
    return new Set();
  }
}

/**
 * The job events a record change amounts to: a note created on a job (job.note_added), a badge added to or
 * removed from job.badges (one event per badge), a job's status changed (job.status_changed; setting the first
 * status of a new job is not a change).
 */
export function jobEventsOf(change: RecordChange, baseUrl: string): JobEvent[] {
  const time = formatUtc(change.at);
  const make = (
    event: WebhookEvent,
    jobUuid: string,
    extra: { note_uuid?: string; badge_uuid?: string } = {},
  ): JobEvent => ({
    event,
    notification: {
      eventName: event,
      object: 'job',
      entry: [{ uuid: jobUuid, time, ...extra }],
      resource_url: resourceUrl(baseUrl, 'job', jobUuid),
    },
  });
  const { record, previous } = change;
  if (!record) return [];
  if (change.recordType === 'note') {
    if (previous || record.related_object !== 'job' || !record.related_object_uuid) return [];
    return [make('job.note_added', String(record.related_object_uuid), { note_uuid: change.uuid })];
  }
  if (change.recordType !== 'job') return [];
  const events: JobEvent[] = [];
  if (previous && change.changedFields.includes('status')) events.push(make('job.status_changed', change.uuid));
  if (change.changedFields.includes('badges')) {
    const before = badgesOf(previous);
    const after = badgesOf(record);
    for (const badge of after)
      if (!before.has(badge)) events.push(make('job.badge_added', change.uuid, { badge_uuid: badge }));
    for (const badge of before)
      if (!after.has(badge)) events.push(make('job.badge_removed', change.uuid, { badge_uuid: badge }));
  }
  return events;
}
