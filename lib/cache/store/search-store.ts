// The search index kept with the cache: built at sync time, stored as structured-clone values
// (strings and typed arrays, lib/search/serialize.ts), loaded by the popup without a rebuild.
import { buildIndex, isSearchIndexFormatError, loadIndex, serializeIndex, type SearchIndex } from '../../search';
import type { JobCache } from './job-cache';
import { todayIn } from '../../locale/days';
import { companyNames, searchDocs } from './search-docs';
import { readStoredIndex } from './search-parts';

export async function saveSearchIndex(cache: JobCache, index: SearchIndex): Promise<void> {
  const today = todayIn((await cache.loadState()).timeZone, Date.now());
  await cache.write({ search: { value: serializeIndex(index, today), withMain: true } });
}

/** Builds the index from every cached job and company, without storing it. */
export async function buildSearchIndexFromCache(cache: JobCache): Promise<SearchIndex> {
  const [jobs, companies] = await Promise.all([cache.allJobs(), cache.allCompanies()]);
  return buildIndex(searchDocs(jobs, companyNames(companies)));
}

/** Builds and stores the index (when none is stored, or it is unreadable). */
export async function rebuildSearchIndex(cache: JobCache): Promise<SearchIndex> {
  const index = await buildSearchIndexFromCache(cache);
  await saveSearchIndex(cache, index);
  return index;
}

/** The stored index; rebuilt from the cached jobs when there is none (a cache from schema version
 * 1) or it is unreadable (an older index format, or parts that do not fit together). */
export async function loadSearchIndex(cache: JobCache): Promise<SearchIndex> {
  const stored = await readStoredIndex(cache.db);
  if (stored !== undefined) {
    try {
      return loadIndex(stored);
    } catch (error) {
      if (!isSearchIndexFormatError(error)) throw error;
    }
  }
  return rebuildSearchIndex(cache);
}
