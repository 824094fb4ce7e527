import type { SyncState } from '../store/sync-state';
import type { SyncStatus } from '../../messaging/views';

// The sync state (lib/cache) as pages see it (SyncStatus in lib/messaging/views.ts).

export function signedOutStatus(online: boolean): SyncStatus {
  return {
    phase: 'signed_out',
    pagesDone: 0,
    jobsStored: 0,
    lastSyncedAt: null,
    jobs: 0,
    skipped: 0,
    lastError: null,
    online,
    pendingWrites: 0,
    dailyLimitUntil: null,
  };
}

export function toSyncStatus(
  state: SyncState,
  extra: { online: boolean; pendingWrites: number; dailyLimitUntil?: number | null },
): SyncStatus {
  return {
    phase: state.phase,
    pagesDone: state.pagesDone,
    jobsStored: state.jobsStored,
    lastSyncedAt: state.lastSyncedAt,
    jobs: state.counts.jobs,
    skipped: state.skipped,
    lastError: state.lastError,
    online: extra.online,
    pendingWrites: extra.pendingWrites,
    dailyLimitUntil: extra.dailyLimitUntil ?? null,
  };
}
