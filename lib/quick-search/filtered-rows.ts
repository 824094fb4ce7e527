// Rows for a query with filters ("status:quote", "mine", "today"). Apart from the cache search, which
// asks here.
import type { CacheReader } from '../cache/reader/cache-reader';
import { rowOf, type QuickRow } from '../cache/first-screen/rows';
import type { MyJobs, TodayJobs } from '../settings/kept-first-screen';
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
