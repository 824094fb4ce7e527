import type { HeldChanges } from '../feed/enrich/held-changes';
import type { AppendResult, FeedStore, NewChange } from '../feed/store/types';
import { createNoteEventWait, type NoteEventWait } from './note-event-wait';
import { dedupKeyWithRecord } from './notification';

// How a change the companion was told of joins the account's feed, whoever told it: the platform's signed add-on
// webhook (../addon/manifest-webhook.ts) or a Webhooks-API delivery to a callback URL (routes.ts). Only a signed
// change is read at the platform (`read`): a notification alone never makes the companion read or publish a record.

export interface ChangeIntake {
  /** Appends `change` under `key` (a notification's dedup key), reading it first when `read`; a new note's event
   * (`noteEvent`) is appended as it is, its key being the mark its note's object notification looks for. */
  take(
    account: string,
    change: NewChange,
    key: string,
    generation: number,
    /** `held`: the change already waited its turn (held-changes.ts) and is published now. */
    how: { read: boolean; noteEvent?: boolean; held?: boolean },
  ): Promise<Taken>;
}

/** `held`: waiting for the companion's share of the account's minute, published once it is read (held-changes.ts). */
export type Taken = AppendResult | { kind: 'covered' } | { kind: 'held' };

export function createChangeIntake(opts: {
  store: FeedStore;
  /** Adds what the companion reads once for the whole account (feed/enrich/enrich-change.ts); never throws. */
  enrich?: (account: string, change: NewChange) => Promise<void>;
  noteEvents?: NoteEventWait;
  /** Where a signed change waits when the companion's share of the minute has no room to read it. */
  held?: HeldChanges;
}): ChangeIntake {
  const noteEvents = opts.noteEvents ?? createNoteEventWait({ store: opts.store });
  const intake: ChangeIntake = {
    async take(account, change, plainKey, generation, how) {
      if (how.read && opts.enrich && opts.held?.mustWait(account)) {
        // Published later, read, with the callback generation it came with (a rotation meanwhile still refuses it).
        const later = (read: boolean) =>
          intake.take(account, change, plainKey, generation, { ...how, read, held: true });
        if (!how.held && opts.held.hold(account, plainKey, change, later)) return { kind: 'held' };
      }
      let key = plainKey;
      // The platform retries a delivery it thinks failed: a retry already taken costs no platform read. The peek is
      // only a saving: append's own atomic check still decides. A change that will carry a record is read whatever
      // the peek says: two edits of one job within one second make the same notification, and only the record tells
      // the second from a retry of the first (its state is part of the key).
      const carriesRecord = how.read && (change.object === 'job' || change.object === 'jobactivity');
      // The peek spares a retry only the work below: a read (signed), the wait for a note's event, a record's key.
      // An unsigned notification of anything else has none of it, so append's own check is all it needs, and
      // the peek would be a store round trip per notification for nothing.
      const peekSpares = how.read || change.object === 'note' || change.record !== undefined;
      if (!how.noteEvent && (carriesRecord || !peekSpares || !(await opts.store.seen(account, key)))) {
        // A new note's event already made its change, job and all: this notification of it adds nothing. Only the
        // Webhooks API has the event: a signed change (read) waits for none.
        if (!how.read && (await noteEvents.coveredByEvent(account, change))) return { kind: 'covered' };
        if (how.read && opts.enrich) await opts.enrich(account, change);
        if (change.record) key = await dedupKeyWithRecord(key, change.record);
      }
      return opts.store.append(account, change, key, generation);
    },
  };
  return intake;
}
