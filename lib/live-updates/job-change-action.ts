import type { FeedChange } from './types';

// What a job change means to this browser, decided in one place from what the companion says it means to this
// reader (`yours`) and what the browser holds:
// - `take`: the change carries the record and the browser may have it (it holds the job, or the platform lets its
//   staff member see it); taken with no request, once it passes the same check as a read;
// - `read`: the browser reads the job itself, as its own staff member (it holds the job but no record came, or the
//   companion could not ask the platform for this staff member);
// - `ignore`: a job it neither holds nor was named for.
// `held`: the jobs this browser holds, by uuid; null when it cannot say (then every job counts as held).

export type JobChangeAction = 'take' | 'read' | 'ignore';

export function jobChangeAction(change: FeedChange, held: ReadonlyMap<string, unknown> | null): JobChangeAction {
  const uuid = change.uuid;
  const named = change.yours === 'record';
  // A record is the job as an account-wide reader saw it: only for a job the browser is known to hold, or was named
  // for. A browser that cannot say what it holds reads as its staff member instead.
  if (change.record !== undefined && ((held !== null && held.has(uuid)) || named)) return 'take';
  const holdsIt = held === null || held.has(uuid);
  return holdsIt || named || change.yours === 'read' ? 'read' : 'ignore';
}
