// Rows for a query with filters ("status:quote", "mine", "today"), and a row's day from the person's
// own next visit. Apart from the search model, which asks here.
import type { CacheReader } from '../cache/reader/cache-reader';
import { rowOf, type QuickRow } from '../cache/first-screen/rows';
import type { MyJobs, TodayJobs } from '../settings/kept-first-screen';
import type { Kept } from '../cache/first-screen/kept-screen';
import type { Typeahead } from '../search/query/typeahead';
import { countWords, filtersOf, filterWords, type QueryWords } from './query-words';

export interface Known {
  day: string;
  todayJobs: TodayJobs | null;
  myJobs: MyJobs | null;
}

/** The query's words searched among the jobs its filters let through, or, with no words, those jobs
 * by date; and the heading that says so. */
export function filteredRows(
  reader: CacheReader,
  typeahead: Typeahead,
  words: QueryWords,
  known: Known,
  limit: number,
): { rows: QuickRow[]; heading: string } {
  const index = reader.index!;
  const accept = filtersOf(index, words, known);
  const found = words.text
    ? typeahead.search(words.text, { limit, ...(accept ? { accept } : {}) })
    : reader.browse({ today: known.day, limit, ...(accept ? { accept } : {}) });
  const rows = found.map(rowOf);
  const heading =
    rows.length === 0
      ? `No job matches (${filterWords(words)})`
      : `${countWords(rows.length, limit)} · ${filterWords(words)}`;
  return { rows, heading };
}

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
