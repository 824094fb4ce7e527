// The offline job cache: IndexedDB segments, lookups, sync with the platform, the search index.
export { openCacheDb, DB_VERSION, type CacheDB, type CacheDatabase } from './store/schema';
export { openJobCache, type JobCache, type ListOptions } from './store/job-cache';
export {
  createCacheSync,
  DEFAULT_OVERLAP_MS,
  type CacheSyncOptions,
  type CacheSync,
  type SyncCallOptions,
} from './sync/cache-sync';
export type { SyncSource } from './sync/sync-context';
export type { SyncCounts, SyncPhase, SyncState } from './store/sync-state';
export { createServerClock } from './sync/server-clock';
export { isQuotaExceeded, describeSyncError } from './sync/errors';
export { loadSearchIndex, rebuildSearchIndex } from './store/search-store';
export { toSearchDoc } from './store/search-docs';
export { SEGMENT_SIZE } from './store/lookup';
