import { z } from 'zod';
import type { NewChange } from '../feed/types';

// The platform's `job.note_added` event: a note was created on a job. Its notification names the job as the
// entry's `uuid` and the note as `note_uuid` (the emulator's shape, a documented guess: FIDELITY.md, "Event
// notification body"), so the change it makes carries the note's job with no platform read at all. The `note`
// object notification of the same new note arrives on its own queue, in either order; note-event-wait.ts keeps
// it from costing a read or a second change.

/** What a notification with an event name must hold for the companion to read it as a new note on a job. */
export const NoteAddedSchema = z.object({
  eventName: z.literal('job.note_added'),
  object: z.literal('job'),
  entry: z
    .array(
      z.object({
        // guid, not uuid: the platform's ids are 8-4-4-4-12 hex but not always RFC 4122 variants.
        uuid: z.guid(),
        note_uuid: z.guid(),
        time: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'time must be YYYY-MM-DD HH:MM:SS (UTC)'),
      }),
    )
    .length(1, 'entry must hold exactly one element'),
  resource_url: z.url().max(2048),
});

export type NoteAdded = z.infer<typeof NoteAddedSchema>;

/** The platform's address of one note (a single note is read at dbonote, PLATFORM-NOTES). */
export const noteAddress = (platformBaseUrl: string, noteUuid: string) =>
  `${platformBaseUrl}/api_1.0/dbonote/${encodeURIComponent(noteUuid)}.json`;

/** The change a new note makes: what the note's object notification and the companion's read would have made. */
export function noteAddedChange(event: NoteAdded, platformBaseUrl: string): NewChange {
  const entry = event.entry[0]!;
  const note = entry.note_uuid.toLowerCase();
  return {
    object: 'note',
    uuid: note,
    job_uuid: entry.uuid.toLowerCase(),
    changed_fields: ['note'],
    time: entry.time,
    resource_url: noteAddress(platformBaseUrl, note),
  };
}

/**
 * The dedup key of a new note's event. It drops the event's own retries, and it is the shared marker the note's
 * object notification looks for (`FeedStore.seen`): in the same store as the feed, written in the same atomic
 * step as the change, so every instance sharing the store sees it the moment the change exists. It cannot be
 * mistaken for an object notification's key, which is a JSON array of four.
 */
export const noteAddedKey = (noteUuid: string, time: string) =>
  JSON.stringify(['job.note_added', noteUuid.toLowerCase(), time]);

/** `time` (YYYY-MM-DD HH:MM:SS, UTC) moved by `seconds`, in the same form. */
export function shiftTime(time: string, seconds: number): string {
  const at = Date.parse(`${time.replace(' ', 'T')}Z`);
  return Number.isNaN(at) ? time : new Date(at + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
