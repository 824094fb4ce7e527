import { isUuid } from '../api/fields';
import { jobRecord, type Job } from '../api/schemas';
import type { FeedChange } from './types';

// What a change from the feed means to this browser, decided in one place (a pure function with a table test) from
// what the companion says it means to this reader (`yours`, a carried record, a note's `job_uuid`) and what the
// browser holds. apply-changes.ts only carries the answer out, and counts the reads a catch-up would cost with it.

export type ChangeAction =
  /** The record the change carries, checked like a read: taken with no request. */
  | { do: 'take'; job: Job }
  /** The browser reads the job itself, as its own staff member; `badRecord`: why the carried record was refused. */
  | { do: 'read-job'; uuid: string; badRecord?: string }
  /** A note the companion placed on its job: only that job's pages are told, nothing is read. */
  | { do: 'note-job'; job: string }
  /** A note without its job, while a page could show it: the note is read to learn its job. */
  | { do: 'read-note'; uuid: string }
  /** Nothing to do; counted as ignored, for `why`. */
  | { do: 'ignore'; why: IgnoreReason };

export type IgnoreReason =
  /** A record type Fieldside does not show, or a uuid that is not one (never put in an address). */
  | 'not-shown'
  /** A job it neither holds nor was named for, or a placed note's job it does not hold. */
  | 'not-held'
  /** A note while no open page could show one (notes are not cached). */
  | 'no-page'
  /** The carried record is older than the copy held (a sync ran after the companion read it). */
  | 'older-than-held';

/** The jobs this browser holds, by uuid, with the `edit_date` of each copy; null when it cannot say (then every job
 * counts as held, and a carried record is taken only when the change names this reader). */
export type Held = ReadonlyMap<string, string | null> | null;

const ignore = (why: IgnoreReason): ChangeAction => ({ do: 'ignore', why });

/** A visit booked or moved carries its job's record when the companion could read it as the visit's staff member
 * (server/companion/feed/enrich/visit-jobs.ts): it is then that job's change. Without a record a visit changes nothing
 * a browser shows (the day view reads visits itself). */
function visitJob(change: FeedChange): string | null {
  return change.object === 'jobactivity' && change.job_uuid && isUuid(change.job_uuid) && change.record !== undefined
    ? change.job_uuid
    : null;
}

const placedJob = (change: FeedChange): string | null =>
  change.object === 'note' && change.job_uuid && isUuid(change.job_uuid) ? change.job_uuid : null;

/** The job whose copy the decision looks at (ask `held` about it), if any. */
export function heldJobOf(change: FeedChange): string | null {
  const visit = visitJob(change);
  if (visit) return visit;
  if (change.object === 'job') return isUuid(change.uuid) ? change.uuid : null;
  return placedJob(change);
}

/** What applying `change` does. `notesWanted`: whether an open page could show a note. */
export function changeAction(change: FeedChange, held: Held, notesWanted: boolean): ChangeAction {
  const visit = visitJob(change);
  const object = visit ? 'job' : change.object;
  const uuid = visit ?? change.uuid;
  if ((object !== 'job' && object !== 'note') || !isUuid(uuid)) return ignore('not-shown');
  if (object === 'note') {
    const placed = placedJob(change);
    if (!notesWanted) return ignore('no-page');
    if (!placed) return { do: 'read-note', uuid };
    return held === null || held.has(placed) ? { do: 'note-job', job: placed } : ignore('not-held');
  }
  const named = change.yours === 'record';
  // A record is the job as an account-wide reader saw it: only for a job the browser is known to hold, or was named
  // for. A browser that cannot say what it holds reads as its staff member instead.
  if (change.record !== undefined && (held?.has(uuid) || named)) {
    const parsed = jobRecord.parse(change.record);
    if (!parsed.ok || parsed.value.uuid !== uuid)
      return { do: 'read-job', uuid, badRecord: parsed.ok ? `it names ${parsed.value.uuid}` : parsed.skipped.reason };
    const mine = held?.get(uuid) ?? null;
    const record = parsed.value;
    return mine === null || record.edit_date === null || record.edit_date >= mine
      ? { do: 'take', job: record }
      : ignore('older-than-held');
  }
  const holdsIt = held === null || held.has(uuid);
  return holdsIt || named || change.yours === 'read' ? { do: 'read-job', uuid } : ignore('not-held');
}

/** Whether carrying out the action reads the platform (one request). */
export const readsPlatform = (action: ChangeAction): boolean => action.do === 'read-job' || action.do === 'read-note';

/** The jobs whose activities (visits booked or moved, time on site recorded) these changes name; null when one of them
 * does not say whose job it is: then any job's may have changed. Empty when none is about an activity. */
export function jobsWithChangedActivities(changes: readonly FeedChange[]): string[] | null {
  const jobs = new Set<string>();
  for (const change of changes) {
    if (change.object !== 'jobactivity') continue;
    if (!change.job_uuid || !isUuid(change.job_uuid)) return null;
    jobs.add(change.job_uuid);
  }
  return [...jobs];
}
