import { formatUtc } from '../clock';
import type { RecordChange } from '../contracts';

/** The body POSTed to a callback URL (spec: "Webhook notification"). */
export interface WebhookNotification {
  object: string;
  entry: [{ changed_fields: string[]; time: string; uuid: string }];
  resource_url: string;
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
): WebhookNotification | undefined {
  const watchedSet = new Set(watched);
  const changed = [...new Set(change.changedFields)].filter((field) => watchedSet.has(field));
  if (changed.length === 0) return undefined;
  const base = baseUrl.replace(/\/+$/, '');
  return {
    object: change.recordType,
    entry: [{ changed_fields: changed, time: formatUtc(change.at), uuid: change.uuid }],
    resource_url: `${base}/api_1.0/${encodeURIComponent(change.recordType)}/${encodeURIComponent(change.uuid)}.json`,
  };
}
