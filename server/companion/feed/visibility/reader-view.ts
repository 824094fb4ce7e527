import type { FeedChange, FeedChangeMeaning } from '../../../../contracts/companion-http';
import type { Uuid } from '../../../../contracts/uuid';
import type { StoredChange } from '../store/types';

// What one change the feed keeps is to one reader: the change itself, and for a job (or a visit, whose job it is)
// what it means to them (`yours`, contracts/companion-http.ts). The record goes only to a reader whose pass names a
// staff member the platform let see the job (`visible_to`, decided when the change was made: job-records.ts,
// visit-jobs.ts); whom it names, and whom the companion could not ask, never leave the companion. A visit tells its own
// staff member that it is theirs (`your_visit`), and nobody else anything of whose it is.

/** Who reads: the staff member the platform vouched for (the pass's), or nobody vouched for. */
export interface Reader {
  staff: Uuid | undefined;
}

const CARRY_MEANING = new Set(['job', 'jobactivity']);

export function meaningFor(change: StoredChange, reader: Reader): FeedChangeMeaning {
  const { staff } = reader;
  if (staff === undefined) return 'none';
  const named = (list: readonly Uuid[] | undefined) => list?.includes(staff) ?? false;
  if (named(change.visible_to)) return change.record === undefined ? 'read' : 'record';
  return named(change.unchecked) ? 'read' : 'none';
}

export function forReader(change: StoredChange, reader: Reader): FeedChange {
  const { visible_to: _visibleTo, unchecked: _unchecked, visit_staff: visitStaff, record, ...rest } = change;
  if (!CARRY_MEANING.has(change.object)) return rest;
  const yours = meaningFor(change, reader);
  // Their own visit, told only to them: their day changed, whether or not the job is new to them.
  const own = visitStaff !== undefined && visitStaff === reader.staff ? { your_visit: true as const } : {};
  return yours === 'record' && record !== undefined ? { ...rest, record, yours, ...own } : { ...rest, yours, ...own };
}
