// What the popup shows before anything is typed: today's jobs, else the recent ones. Today's jobs are
// the day the background read (the side panel's and the toolbar badge's: visits, then jobs without a
// set time) where there is one; otherwise (the whole account in view, no permission for the day) the
// jobs dated today. Made from the search index (its display fields), from the preview stored with it
// (while the index loads), or, while the first sync has stored no index yet, from the job records.
import { browse } from '../../search/query/browse';
import type { SearchIndex } from '../../search/format/index-state';
import type { BrowseOptions } from '../../search/query/browse';
import type { IndexPreview } from '../../search/format/types';
import { shownOf, type CacheReader } from '../reader/cache-reader';
import { rowOf, toRow } from './rows';
import { readKept, saveFirstScreen, type FirstScreen } from './kept-screen';
import { todayIn } from '../../locale/days';

export function headingFor(onDay: boolean, total: number): string {
  return total === 0 ? '' : onDay ? "Today's jobs" : 'Recent jobs';
}

/** Today's jobs (`today`: the day's jobs as the background read them, in the day's order; null: the
 * jobs dated `day`, open first), else the recent ones (up to today, open first, newest first). */
export function firstScreenFromIndex(
  from: Pick<CacheReader, 'browse' | 'shown'>,
  day: string,
  limit: number,
  today: readonly string[] | null = null,
): FirstScreen {
  const onDay =
    today === null ? from.browse({ day, limit }) : today.flatMap((uuid) => from.shown(uuid) ?? []).slice(0, limit);
  const results = onDay.length > 0 ? onDay : from.browse({ today: day, limit });
  return { day, heading: headingFor(onDay.length > 0, results.length), rows: results.map(rowOf) };
}

export function firstScreenFromPreview(preview: IndexPreview): FirstScreen {
  const rows = preview.jobs.map((job) => rowOf({ uuid: job.uuid, score: 0, matches: [], display: job }));
  return { day: preview.day, heading: headingFor(preview.onDay, rows.length), rows };
}

/** The first sync is still storing pages: no index yet, so the job records are read. */
export async function firstScreenFromRecords(from: CacheReader, day: string, limit: number): Promise<FirstScreen> {
  const records = await from.lookups();
  const onDay = await records.list({ on: day, limit });
  const jobs = onDay.length > 0 ? onDay : await records.list({ limit });
  const names = await records.companyNames(jobs.flatMap((j) => (j.company_uuid ? [j.company_uuid] : [])));
  return { day, heading: headingFor(onDay.length > 0, jobs.length), rows: jobs.map((job) => toRow(job, names)) };
}

/** Rows on the popup's first screen. */
export const FIRST_SCREEN_ROWS = 20;

/** The background, after a sync: the first screen of this index for the account's `day` (in
 * `timeZone`), kept for the next popup opening (which then paints it as soon as it has read the session). */
export function keepFirstScreen(
  cacheName: string,
  index: SearchIndex,
  day: string,
  today: readonly string[] | null,
  timeZone: string | null,
): Promise<void> {
  const from = {
    browse: (options: BrowseOptions) => browse(index, options),
    shown: (uuid: string) => shownOf(index, uuid),
  };
  return saveFirstScreen(cacheName, firstScreenFromIndex(from, day, FIRST_SCREEN_ROWS, today), timeZone);
}

/** The background, after a sync: the first screen for the account's today (in `timeZone`), with
 * today's jobs as last read for this cache. */
export async function keepTodaysFirstScreen(
  cacheName: string,
  index: SearchIndex,
  timeZone: string | null,
  now: number,
): Promise<void> {
  const day = todayIn(timeZone, now);
  const { today } = await readKept();
  const jobs = today?.cacheName === cacheName && today.day === day ? today.jobs : null;
  return keepFirstScreen(cacheName, index, day, jobs, timeZone);
}
