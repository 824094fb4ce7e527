import { toUuid } from '../../../contracts/uuid';
import type { FeedStore, NewChange } from '../feed/store/types';
import { noteAddedKey, shiftTime } from './note-added';

// A new note is told twice, on two queues with no order between them: the `note` object notification and the
// `job.note_added` event (which names its job too). Only the event makes the note's change (note-added.ts); the
// object notification of the same new note must cost neither a read nor a second change.
// The marker is the event's dedup key in the shared feed store, so every instance sees it exactly when the event's
// change exists. A notification looks for its note's event at its own second or either side (the two may straddle a
// second); only one that looks like a creation waits for an event still on its way.

/** How long the object notification of a new note waits for the note's event: well inside the platform's 10 s
 * wait for an answer, with the read that may follow. */
export const NOTE_EVENT_WAIT_MS = 1_500;
const POLL_MS = 100;

/** A note's object notification that could be its creation: a new note's notification names its job field. */
const looksNew = (change: NewChange) => change.changed_fields.includes('related_object_uuid');

export function createNoteEventWait(opts: { store: FeedStore; waitMs?: number; pollMs?: number }) {
  const waitMs = opts.waitMs ?? NOTE_EVENT_WAIT_MS;
  const pollMs = opts.pollMs ?? POLL_MS;

  async function eventTaken(account: string, change: NewChange): Promise<boolean> {
    // The notification's uuid goes on as the platform spelt it; its note's event named it as a Uuid.
    const note = toUuid(change.uuid);
    const keys = [0, -1, 1].map((s) => noteAddedKey(note, shiftTime(change.time, s)));
    return (await Promise.all(keys.map((key) => opts.store.seen(account, key)))).some(Boolean);
  }

  return {
    /** Whether the `job.note_added` event of this note's object notification already made its change (waiting
     * up to `waitMs` for it when the notification looks like a creation). */
    async coveredByEvent(account: string, change: NewChange): Promise<boolean> {
      if (change.object !== 'note') return false;
      if (await eventTaken(account, change)) return true;
      if (!looksNew(change)) return false;
      const until = Date.now() + waitMs;
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, until - Date.now()))));
        if (await eventTaken(account, change)) return true;
      }
      return false;
    },
  };
}

export type NoteEventWait = ReturnType<typeof createNoteEventWait>;
