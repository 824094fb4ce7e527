import { computed, signal, type Signal } from '@preact/signals';
import type { SyncStatus } from '../messaging/views';
import type { CacheSearch } from './cache-search';
import { statusWords } from './freshness';
import { watchSync } from './sync-watch';

// What the quick search's status line knows: the network, the background's sync status (or, while the background
// cannot be reached, what the cache last stored), and the clock its "synced 5 minutes ago" is counted on.

export function createSyncStatus(deps: {
  now: () => number;
  /** What the open cache says of its last sync, null before one is open. */
  stored: Signal<CacheSearch['synced']>;
  hasCache: Signal<boolean | null>;
  /** Re-reads the cache: a sync finished, or a newer cache than the one open. */
  reload: () => void;
}) {
  const { now, stored, hasCache, reload } = deps;
  const sync = signal<SyncStatus | null>(null, { name: 'sync' });
  const reachable = signal(true, { name: 'reachable' });
  const online = signal(navigator.onLine, { name: 'online' });
  const clock = signal(now(), { name: 'clock' });
  let lastSyncedSeen: number | null | undefined;

  const offline = computed(() => !online.value || sync.value?.online === false);
  const statusLine = computed(() =>
    statusWords(sync.value, {
      offline: offline.value,
      lastSyncedAt: sync.value?.lastSyncedAt ?? stored.value?.lastSyncedAt ?? null,
      hasCache: hasCache.value === true,
      now: clock.value,
    }),
  );
  /** The last sync's failure, in the sync's words (lib/cache/sync/errors.ts); the page puts its
   * technical part behind a disclosure. */
  const syncProblem = computed(
    () => sync.value?.lastError ?? (reachable.value ? null : stored.value?.lastError) ?? null,
  );

  function onStatus(status: SyncStatus): void {
    reachable.value = true;
    const before = sync.value;
    sync.value = status;
    // A sync finished (or the status was first seen with a newer cache than the one open): re-read.
    const finished =
      before !== null && (before.phase === 'full' || before.phase === 'incremental') && status.phase !== before.phase;
    const newer = lastSyncedSeen !== undefined && status.lastSyncedAt !== lastSyncedSeen;
    lastSyncedSeen = status.lastSyncedAt;
    if (finished || newer || (status.jobs > 0 && hasCache.value === false)) reload();
  }

  return {
    sync,
    offline,
    statusLine,
    syncProblem,
    /** Follows the network and the clock; the stop. */
    followNetwork(): () => void {
      const onOnline = () => void (online.value = navigator.onLine);
      addEventListener('online', onOnline);
      addEventListener('offline', onOnline);
      const tick = setInterval(() => void (clock.value = now()), 30_000);
      return () => {
        removeEventListener('online', onOnline);
        removeEventListener('offline', onOnline);
        clearInterval(tick);
      };
    },
    /** Follows the background's sync status; the stop. */
    followSync(): () => void {
      return watchSync({ onStatus, onJobsChanged: reload, onUnreachable: () => void (reachable.value = false) });
    },
  };
}
