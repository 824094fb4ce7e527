// A row's day as the person's: today for one of today's jobs, else their own next visit, from what the
// background kept for the cache the popup reads (keptFor, lib/cache/first-screen/kept-screen.ts). Needed before
// any search code has loaded: the kept first screen is shown with them.
import type { QuickRow } from '../cache/first-screen/rows';
import type { KeptForCache } from '../cache/first-screen/kept-screen';

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
