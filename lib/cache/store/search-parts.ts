// The search index as stored: the big main segment in its own record, the rest (delta segment and
// live flags, small) in another. Both are written in one transaction with the jobs they describe.
import type { SerializedSearchIndex, SerializedSegment } from '../../search';
import type { CacheDatabase, StoredSearchIndex } from './schema';

export interface SearchWrite {
  value: SerializedSearchIndex;
  /** False when the main segment is the one already stored (only the delta changed). */
  withMain: boolean;
}

export function storedParts(value: SerializedSearchIndex): { rest: StoredSearchIndex; main: SerializedSegment } {
  const { main, ...rest } = value;
  return { rest, main };
}

/** The stored value as lib/search's loadIndex takes it, or undefined when none is stored. */
export async function readStoredIndex(db: CacheDatabase): Promise<SerializedSearchIndex | undefined> {
  const tx = db.transaction(['search', 'searchMain'], 'readonly');
  const [rest, main] = await Promise.all([
    tx.objectStore('search').get('index'),
    tx.objectStore('searchMain').get('main'),
  ]);
  return rest === undefined || main === undefined ? undefined : { ...rest, main };
}
