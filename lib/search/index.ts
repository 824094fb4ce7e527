// Offline quick search over the cached jobs: build at sync time, store the serialized value with
// the cache, load it in the popup, search on every keystroke. Pure TypeScript, no browser APIs.
import { compactIndex as compact } from './build/build';
import type { SearchIndex } from './format/index-state';

export { buildIndex } from './build/build';
export { createIndexBuilder, type IndexBuilder } from './build/builder';
export { applyChanges } from './build/changes';
export { countDocs } from './format/live-docs';
export { browse, displayOf, type BrowseOptions } from './query/browse';
export { DISPLAY_FIELDS } from './format/display';
export { search } from './query/search';
export { allOf, dayFilter, jobsFilter, statusFilter, type DocFilter } from './query/filters';
export { createTypeahead, type Typeahead } from './query/typeahead';
export { indexBytes, isSearchIndexFormatError, loadIndex, SearchIndexFormatError, serializeIndex } from './serialize';
export { foldText, queryTerms } from './format/normalize';
export type { SearchIndex } from './format/index-state';
export * from './format/types';

/** Merges the delta segment into the main one and drops tombstones (applyChanges does this by
 * itself when the delta grows past 5 % of the index; call it when idle to do it sooner). */
export function compactIndex(index: SearchIndex): void {
  compact(index);
}
