// What the background kept for the cache the popup reads (today's jobs, the person's own) and the
// account's time zone; and a row's day from the person's own next visit. Needed before any search
// code has loaded: the kept first screen is shown with them.
import type { QuickRow } from '../cache/first-screen/rows';
import type { MyJobs, TodayJobs } from '../settings/kept-first-screen';
import type { Kept } from '../cache/first-screen/kept-screen';

/** A job of the person's own shows its next visit of theirs as its day. */
export function withNextVisits(rows: QuickRow[], myJobs: MyJobs | null): QuickRow[] {
  const visits = myJobs?.jobs;
  return visits ? rows.map((r) => (visits[r.uuid] ? { ...r, day: visits[r.uuid] } : r)) : rows;
}

export interface KeptForCache {
  todayJobs: TodayJobs | null;
  myJobs: MyJobs | null;
  /** The account's time zone: the session's, else the one today's jobs were read in. */
  timeZone: string | null;
}

/** What was kept for the cache `dbName`: today's jobs and the person's own; the account's zone. */
export function keptFor(kept: Kept | null, dbName: string, sessionZone: string | null): KeptForCache {
  const todayJobs = kept?.today?.cacheName === dbName ? kept.today : null;
  const myJobs = kept?.mine?.cacheName === dbName ? kept.mine : null;
  return { todayJobs, myJobs, timeZone: sessionZone ?? todayJobs?.timeZone ?? null };
}
