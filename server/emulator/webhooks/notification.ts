import { formatUtc } from '../clock';
import type { RecordChange, Switches } from '../contracts';
import type { WebhookEvent } from './input';

/** The body POSTed to a callback URL for an object subscription (spec: "Webhook notification"). */
export interface WebhookNotification {
  object: string;
  entry: [{ changed_fields: string[]; time: string; uuid: string }];
  resource_url: string;
}

/**
 * The body POSTed for an event subscription, as an integrator captured it in production (PLATFORM-NOTES, "Event
 * subscriptions' notifications"): an id of its own, the event's name as `type`, when it happened as `createdAt`
 * (the platform's own n8n trigger reads both), and the record the event is about as `data` (FIDELITY.md says
 * which record, a guess). The switch `eventNotificationShape: 'type-data'`.
 */
export interface TypedEventNotification {
  id: string;
  type: WebhookEvent;
  /** YYYY-MM-DD HH:MM:SS, UTC, as every time in a webhook body. */
  createdAt: string;
  data: Readonly<Record<string, string | number>>;
}

/**
 * The older guess (`eventNotificationShape: 'event-entry'`): the spec's notification with the event's name beside
 * it, the job as the entry, and the record the event is about (the note or the badge) named by uuid; no values.
 */
export interface EntryEventNotification {
  eventName: WebhookEvent;
  object: 'job';
  entry: [{ uuid: string; time: string; note_uuid?: string; badge_uuid?: string }];
  resource_url: string;
}

export type WebhookEventNotification = TypedEventNotification | EntryEventNotification;

export type WebhookPayload = WebhookNotification | WebhookEventNotification;

export const resourceUrl = (baseUrl: string, recordType: string, uuid: string) =>
  `${baseUrl.replace(/\/+$/, '')}/api_1.0/${encodeURIComponent(recordType)}/${encodeURIComponent(uuid)}.json`;

/** A new record's fields that hold a value: each went from nothing to it (the createdFields switch's `set`). */
function filledFields(record: NonNullable<RecordChange['record']>): string[] {
  return Object.keys(record).filter(
    (field) => field !== 'uuid' && record[field] !== '' && record[field] !== null && record[field] !== undefined,
  );
}

/**
 * The notification of `change` for a subscription watching `watched`, or undefined when none of its watched
 * fields changed. `changed_fields` lists only the watched fields that changed (in the change's order): the
 * subscriber asked about those, and an unwatched field never triggers a delivery on its own.
 */
export function buildNotification(
  change: RecordChange,
  watched: readonly string[],
  baseUrl: string,
  createdFields: Switches['createdFields'] = 'set',
): WebhookNotification | undefined {
  const watchedSet = new Set(watched);
  const named =
    change.previous === undefined && createdFields === 'set' && change.record
      ? filledFields(change.record)
      : change.changedFields;
  const changed = [...new Set(named)].filter((field) => watchedSet.has(field));
  if (changed.length === 0) return undefined;
  return {
    object: change.recordType,
    entry: [{ changed_fields: changed, time: formatUtc(change.at), uuid: change.uuid }],
    resource_url: resourceUrl(baseUrl, change.recordType, change.uuid),
  };
}

/** The form field that carries the JSON in the `form` position of the webhookContentType switch (a guess). */
export const FORM_FIELD = 'data';

/** The request body for a payload, as the webhookContentType switch says at the time of sending. */
export function encodePayload(
  payload: WebhookPayload,
  type: Switches['webhookContentType'],
): { contentType: string; text: string } {
  const json = JSON.stringify(payload);
  if (type === 'form') {
    return {
      contentType: 'application/x-www-form-urlencoded',
      text: new URLSearchParams({ [FORM_FIELD]: json }).toString(),
    };
  }
  return { contentType: 'application/json', text: json };
}
