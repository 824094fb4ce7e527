// Offline quick search over the cached jobs: build at sync time, store the serialized value with
// the cache, load it in the popup, search on every keystroke. Pure TypeScript, no browser APIs.
import { compactIndex as compact } from './build';
import type { SearchIndex } from './index-state';

export { buildIndex } from './build';
export { createIndexBuilder, type IndexBuilder } from './builder';
export { applyChanges, countDocs } from './changes';
export { browse, displayOf, type BrowseOptions } from './browse';
export { DISPLAY_FIELDS } from './display';
export { search } from './search';
export { createSearchSession, type SearchSession } from './session';
export { indexBytes, isSearchIndexFormatError, loadIndex, SearchIndexFormatError, serializeIndex } from './serialize';
export { foldText, queryTerms } from './normalize';
export type { SearchIndex } from './index-state';
export * from './types';

/** Merges the delta segment into the main one and drops tombstones (applyChanges does this by
 * itself when the delta grows past 5 % of the index; call it when idle to do it sooner). */
export function compactIndex(index: SearchIndex): void {
  compact(index);
}
