// The offline job cache: IndexedDB segments, lookups, sync with the platform, the search index.
export { cacheDbName, deleteAccountCaches, deleteCache, openCacheDb, DB_VERSION, type CacheDB, type CacheDatabase } from './schema';
export { openJobCache, type JobCache, type ListOptions } from './job-cache';
export { createSync, DEFAULT_OVERLAP_MS, type CreateSyncOptions, type Sync, type SyncCallOptions } from './sync';
export type { SyncSource } from './sync-context';
export type { SyncCounts, SyncPhase, SyncState } from './sync-state';
export { createServerClock } from './server-clock';
export { localTimestamp } from './local-time';
export { isQuotaExceeded, describeSyncError } from './errors';
export { loadSearchIndex, rebuildSearchIndex } from './search-store';
export { toSearchDoc } from './search-docs';
export { SEGMENT_SIZE } from './lookup';
