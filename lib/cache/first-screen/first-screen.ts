// What the popup shows before anything is typed: today's jobs, else the recent ones. Made from the
// search index (its display fields), from the preview stored with it (while the index loads), or,
// while the first sync has stored no index yet, from the job records.
import { browse } from '../../search/query/browse';
import type { SearchIndex } from '../../search/format/index-state';
import type { IndexPreview } from '../../search/format/types';
import type { CacheReader } from '../reader/cache-reader';
import { rowOf, toRow } from './rows';
import { saveFirstScreen, type FirstScreen } from './kept-screen';

export function headingFor(onDay: boolean, total: number): string {
  return total === 0 ? '' : onDay ? "Today's jobs" : 'Recent jobs';
}

/** Today's jobs (open first), else the recent ones (up to today, open first, newest first). */
export function firstScreenFromIndex(from: Pick<CacheReader, 'browse'>, day: string, limit: number): FirstScreen {
  const onDay = from.browse({ day, limit });
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

/** The background, after a sync: the first screen of this index, kept for the next popup opening
 * (which then paints it as soon as it has read the session; see snapshot.ts). */
export function keepFirstScreen(cacheName: string, index: SearchIndex, day: string): Promise<void> {
  const screen = firstScreenFromIndex({ browse: (options) => browse(index, options) }, day, FIRST_SCREEN_ROWS);
  return saveFirstScreen(cacheName, screen);
}
