import { z } from 'zod';
import { toUuid } from '../../../contracts/uuid';
import type { NoteAdded } from './note-added';

// An event subscription's notification, in either shape the platform may post (PLATFORM-NOTES, "Event
// subscriptions' notifications"; the exact shape is not documented):
// - `{id, type, createdAt, data: {…the record…}}`, as an integrator captured it in production (the platform's own
//   n8n trigger reads `type` and `createdAt`); for `job.note_added` the record is the new note;
// - `{eventName, object: "job", entry: [{uuid: <job>, note_uuid, time}], resource_url}`, the older reading.
// Read only for what the companion needs of a new note (its uuid, its job's, and when), never its text. Anything
// else is "unexpected": the caller answers 200 and logs it by kind and name, so no shape costs the subscription.

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const time = z.string().regex(TIME, 'time must be YYYY-MM-DD HH:MM:SS (UTC)');
// guid, not uuid: the platform's ids are 8-4-4-4-12 hex but not always RFC 4122 variants. Lower-cased once, here.
const id = z.guid().transform(toUuid);

const EntryShape = z.object({
  eventName: z.literal('job.note_added'),
  object: z.literal('job'),
  entry: z.array(z.object({ uuid: id, note_uuid: id, time })).length(1, 'entry must hold exactly one element'),
  resource_url: z.url().max(2048),
});

const TypedShape = z.object({
  type: z.literal('job.note_added'),
  createdAt: z.string().max(64).optional(),
  // The new note, as the platform holds it: its own uuid, and the job it was added to.
  data: z.object({ uuid: id, related_object: z.literal('job').optional(), related_object_uuid: id }),
});

export type EventReading = { ok: true; noteAdded: NoteAdded } | { ok: false; name: unknown; why: string };

/** `createdAt` as the spec's webhook time (YYYY-MM-DD HH:MM:SS, UTC), whether it came so or as ISO 8601. */
export function webhookTime(value: string | undefined, now: () => number): string {
  if (value !== undefined && TIME.test(value)) return value;
  const at = value === undefined ? NaN : Date.parse(value);
  // No usable time: when it arrived. Only the note's object notification then meets it later than it could.
  return new Date(Number.isNaN(at) ? now() : at).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The notification as an event, or undefined when it is none (an object notification names neither `type` nor
 * `eventName`). `resourcePrefix` is the platform's REST base: an older-shape `resource_url` must lie under it.
 */
export function readEventNotification(
  json: unknown,
  resourcePrefix: string,
  now: () => number = Date.now,
): EventReading | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const body = json as { type?: unknown; eventName?: unknown };
  if (body.eventName !== undefined) {
    const parsed = EntryShape.safeParse(json);
    if (!parsed.success)
      return { ok: false, name: body.eventName, why: `Not a job.note_added event: ${z.prettifyError(parsed.error)}` };
    if (!parsed.data.resource_url.startsWith(resourcePrefix))
      return { ok: false, name: body.eventName, why: `resource_url must be a REST address under ${resourcePrefix}` };
    const entry = parsed.data.entry[0]!;
    return { ok: true, noteAdded: { note: entry.note_uuid, job: entry.uuid, time: entry.time } };
  }
  if (body.type !== undefined) {
    const parsed = TypedShape.safeParse(json);
    if (!parsed.success)
      return { ok: false, name: body.type, why: `Not a job.note_added event: ${z.prettifyError(parsed.error)}` };
    const { data, createdAt } = parsed.data;
    return {
      ok: true,
      noteAdded: { note: data.uuid, job: data.related_object_uuid, time: webhookTime(createdAt, now) },
    };
  }
  return undefined;
}
