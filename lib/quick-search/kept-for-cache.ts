// What the background kept for the cache the popup reads (today's jobs, the person's own) and the
// account's time zone; and a row's day as the person's: today for one of today's jobs, else their own
// next visit. Needed before any search code has loaded: the kept first screen is shown with them.
import type { QuickRow } from '../cache/first-screen/rows';
import type { MyJobs, TodayJobs } from '../settings/kept-first-screen';
import type { Kept } from '../cache/first-screen/kept-screen';

/** A row's day as the person's: one of today's jobs (`day` the account's today) says today, those given to them
 * with no set time included (the side panel's "also yours today"), not the job's own date; a job of their own
 * otherwise shows their next visit. */
export function withTheirDays(rows: QuickRow[], known: Pick<KeptForCache, 'myJobs' | 'todayJobs'>, day: string) {
  const visits = known.myJobs?.jobs ?? {};
  const todays = new Set(known.todayJobs?.day === day ? known.todayJobs.jobs : []);
  if (todays.size === 0 && !known.myJobs) return rows;
  return rows.map((r) => {
    const theirs = todays.has(r.uuid) ? day : visits[r.uuid];
    return theirs ? { ...r, day: theirs } : r;
  });
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
