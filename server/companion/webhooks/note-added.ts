import type { NewChange } from '../feed/store/types';
import type { Uuid } from '../../../contracts/uuid';

// The platform's `job.note_added` event: a note was created on a job. Its notification (either shape:
// event-notification.ts) names the note and its job, so the change it makes carries the note's job with no platform
// read at all. The `note` object notification of the same new note arrives on its own queue, in either order;
// note-event-wait.ts keeps it from costing a read or a second change.

/** What a `job.note_added` notification says, in whichever shape it came. */
export interface NoteAdded {
  note: Uuid;
  job: Uuid;
  /** YYYY-MM-DD HH:MM:SS, UTC. */
  time: string;
}

/** The platform's address of one note (a single note is read at dbonote, PLATFORM-NOTES). */
export const noteAddress = (platformBaseUrl: string, noteUuid: string) =>
  `${platformBaseUrl}/api_1.0/dbonote/${encodeURIComponent(noteUuid)}.json`;

/** The change a new note makes: what the note's object notification and the companion's read would have made. */
export function noteAddedChange(event: NoteAdded, platformBaseUrl: string): NewChange {
  return {
    object: 'note',
    uuid: event.note,
    job_uuid: event.job,
    changed_fields: ['note'],
    time: event.time,
    resource_url: noteAddress(platformBaseUrl, event.note),
  };
}

/**
 * The dedup key of a new note's event. It drops the event's own retries, and it is the shared marker the note's
 * object notification looks for (`FeedStore.seen`): in the same store as the feed, written in the same atomic
 * step as the change, so every instance sharing the store sees it the moment the change exists. It cannot be
 * mistaken for an object notification's key, which is a JSON array of four.
 */
export const noteAddedKey = (noteUuid: Uuid, time: string) => JSON.stringify(['job.note_added', noteUuid, time]);

/** `time` (YYYY-MM-DD HH:MM:SS, UTC) moved by `seconds`, in the same form. */
export function shiftTime(time: string, seconds: number): string {
  const at = Date.parse(`${time.replace(' ', 'T')}Z`);
  return Number.isNaN(at) ? time : new Date(at + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
