import { randomBytes } from 'node:crypto';
import { formatUtc } from '../clock';
import type { RecordChange, Switches } from '../contracts';
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

/** What one event is about: its job, the record it concerns (the new note, or the job itself), and which badge. */
interface Happening {
  event: WebhookEvent;
  jobUuid: string;
  record: NonNullable<RecordChange['record']>;
  note_uuid?: string;
  badge_uuid?: string;
}

/** An event notification's own id, as the captured ones look (`smwe_` and random letters). */
const eventId = () => `smwe_${randomBytes(12).toString('hex')}`;

function notificationOf(
  happening: Happening,
  time: string,
  baseUrl: string,
  shape: Switches['eventNotificationShape'],
): WebhookEventNotification {
  const { event, jobUuid, record, note_uuid, badge_uuid } = happening;
  if (shape === 'type-data') return { id: eventId(), type: event, createdAt: time, data: { ...record } };
  return {
    eventName: event,
    object: 'job',
    entry: [{ uuid: jobUuid, time, ...(note_uuid ? { note_uuid } : {}), ...(badge_uuid ? { badge_uuid } : {}) }],
    resource_url: resourceUrl(baseUrl, 'job', jobUuid),
  };
}

/**
 * The job events a record change amounts to: a note created on a job (job.note_added), a badge added to or
 * removed from job.badges (one event per badge), a job's status changed (job.status_changed; setting the first
 * status of a new job is not a change). Each notification in the shape the `eventNotificationShape` switch says
 * when the change happens.
 */
export function jobEventsOf(
  change: RecordChange,
  baseUrl: string,
  shape: Switches['eventNotificationShape'] = 'type-data',
): JobEvent[] {
  const { record, previous } = change;
  if (!record) return [];
  const happenings: Happening[] = [];
  if (change.recordType === 'note') {
    if (previous || record.related_object !== 'job' || !record.related_object_uuid) return [];
    happenings.push({
      event: 'job.note_added',
      jobUuid: String(record.related_object_uuid),
      record,
      note_uuid: change.uuid,
    });
  } else if (change.recordType === 'job') {
    const about = { jobUuid: change.uuid, record };
    if (previous && change.changedFields.includes('status')) happenings.push({ event: 'job.status_changed', ...about });
    if (change.changedFields.includes('badges')) {
      const before = badgesOf(previous);
      const after = badgesOf(record);
      for (const badge of after)
        if (!before.has(badge)) happenings.push({ event: 'job.badge_added', ...about, badge_uuid: badge });
      for (const badge of before)
        if (!after.has(badge)) happenings.push({ event: 'job.badge_removed', ...about, badge_uuid: badge });
    }
  }
  const time = formatUtc(change.at);
  return happenings.map((h) => ({ event: h.event, notification: notificationOf(h, time, baseUrl, shape) }));
}
