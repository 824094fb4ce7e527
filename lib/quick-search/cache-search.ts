// The quick search over an opened cache: its reader, the typeahead over its index, and the rows each
// query gets. Loaded on its own (search-model.ts imports it dynamically while it reads the session),
// so the popup paints the first screen it kept before the search's code has loaded or run.
import { afterPaint, openCacheReader, type CacheReader } from '../cache/reader/cache-reader';
import { createTypeahead } from '../search/query/typeahead';
import {
  FIRST_SCREEN_ROWS,
  firstScreenFromIndex,
  firstScreenFromPreview,
  firstScreenFromRecords,
} from '../cache/first-screen/first-screen';
import { saveFirstScreen, type FirstScreen } from '../cache/first-screen/kept-screen';
import { rowOf, type QuickRow } from '../cache/first-screen/rows';
import { countWords, hasFilters, queryWords } from './query-words';
import { filteredRows } from './filtered-rows';
import type { KeptForCache } from './kept-for-cache';

export { afterPaint };

export interface Answer {
  rows: QuickRow[];
  heading: string;
}

export interface CacheSearch {
  /** Live jobs in the cache. */
  jobCount: number;
  synced: CacheReader['synced'];
  /** The rows for `query` (trimmed; '' for today's or recent jobs) on the account's `day`. */
  answer(query: string, day: string, known: KeptForCache): Promise<Answer>;
  close(): void;
}

const NOT_YET = 'Search is ready once the first sync has finished';

/** Reads the cache `db` (named `cacheName`). `onPreview` gets the first screen stored with the index
 * before its main segment is read; when it shows it (returns true), that segment is read after the paint. */
export async function openCacheSearch(
  db: IDBDatabase,
  cacheName: string,
  onPreview?: (first: FirstScreen) => boolean,
): Promise<CacheSearch> {
  const reader = await openCacheReader(db, onPreview && ((preview) => onPreview(firstScreenFromPreview(preview))));
  const typeahead = reader.index ? createTypeahead(reader.index) : null;
  return {
    jobCount: reader.jobCount,
    synced: reader.synced,
    async answer(query, day, known) {
      const words = queryWords(query);
      if (hasFilters(words)) {
        if (!reader.index || !typeahead) return { rows: [], heading: NOT_YET };
        return filteredRows(reader, typeahead, words, { day, ...known }, FIRST_SCREEN_ROWS);
      }
      if (!query) {
        const today = known.todayJobs?.day === day ? known.todayJobs.jobs : null;
        const first = reader.index
          ? firstScreenFromIndex(reader, day, FIRST_SCREEN_ROWS, today)
          : await firstScreenFromRecords(reader, day, FIRST_SCREEN_ROWS);
        void saveFirstScreen(cacheName, first, known.timeZone);
        return first;
      }
      if (!typeahead) return { rows: [], heading: NOT_YET };
      // The index's display fields are the rows: a keystroke never waits on IndexedDB.
      const found = typeahead.search(query, { limit: FIRST_SCREEN_ROWS }).map(rowOf);
      return { rows: found, heading: countWords(found.length) };
    },
    close: () => reader.close(),
  };
}
