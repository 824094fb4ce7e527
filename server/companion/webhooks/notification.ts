import { z } from 'zod';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import type { NewChange } from '../feed/store/types';

/** The spec's webhook notification body: one entry, changed field names only, UTC time, uuid, resource_url. */
export const NotificationDeclared = z.object({
  object: z.string().min(1).max(64),
  entry: z
    .array(
      z.object({
        changed_fields: z.array(z.string().min(1).max(128)).min(1).max(200),
        time: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'time must be YYYY-MM-DD HH:MM:SS (UTC)'),
        // guid, not uuid: the platform's ids are 8-4-4-4-12 hex but not always RFC 4122 variants.
        uuid: z.guid(),
      }),
    )
    .length(1, 'entry must hold exactly one element'),
  resource_url: z.url().max(2048),
});

/** The schema every notification is read with: NotificationDeclared compiled by zod (z.compile), which checks a
 * body with code generated from the declaration, about a third of the runtime parser's time a notification, and
 * hands a body that code would refuse to the declared schema's own parser: zod still decides, and a refused
 * body's words (the answer's `ignored` text) are the declared schema's. Where code cannot be generated (a runtime
 * without `new Function`), z.compile hands the declared schema back unchanged. */
export const NotificationSchema = z.compile(NotificationDeclared);

export type Notification = z.infer<typeof NotificationSchema>;

export function toChange(n: Notification): NewChange {
  const entry = n.entry[0]!;
  return {
    object: n.object,
    uuid: entry.uuid,
    changed_fields: entry.changed_fields,
    time: entry.time,
    resource_url: n.resource_url,
  };
}

/** Longer keys are kept as their digest, so a sender cannot make the dedup memory grow with long field lists. */
export const MAX_PLAIN_DEDUP_KEY = 256;

/** Same record, same fields, same second: the platform retrying a delivery we already took. A notification's
 * key is short (a uuid, a time, a few field names) and kept as it is; only an unusually long one is hashed,
 * which spares every ordinary notification the digest. Plain keys are JSON (they start with `[`), digests
 * base64url, so the two never collide. */
export async function dedupKey(change: NewChange): Promise<string> {
  const key = JSON.stringify([change.object, change.uuid, change.time, [...change.changed_fields].sort()]);
  return key.length <= MAX_PLAIN_DEDUP_KEY ? key : sha256Base64Url(key);
}

/** The key of a change that carries the record read for it: the notification's key and the record's state, so a
 * second edit within the same second (the same notification) is kept, and a retry of the first (the same state)
 * is not. Always a digest (base64url), so it never collides with a plain key. */
export async function dedupKeyWithRecord(plainKey: string, record: Record<string, unknown>): Promise<string> {
  return sha256Base64Url(JSON.stringify([plainKey, record]));
}
