// How fresh the cache is, in words ("updated 5 min ago"), and the popup's status line around it.
import type { SyncStatus } from '../messaging/views';

export function describeFreshness(lastSyncedAt: number | null, now: number): string {
  if (lastSyncedAt === null) return 'not synced yet';
  const seconds = Math.max(0, Math.round((now - lastSyncedAt) / 1000));
  if (seconds < 60) return 'updated just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `updated ${hours} h ago`;
  return `updated ${Math.floor(hours / 24)} days ago`;
}

/** The status line under the search box: offline, a sync under way, how fresh the cache is. */
export function statusWords(
  s: SyncStatus | null,
  at: { offline: boolean; lastSyncedAt: number | null; hasCache: boolean; now: number },
): string {
  const parts: string[] = [];
  if (at.offline) parts.push('Offline: searching the saved jobs');
  if (s?.phase === 'full') parts.push(`First sync: ${s.jobsStored.toLocaleString()} jobs saved (${s.pagesDone} pages)`);
  else if (s?.phase === 'incremental') parts.push('Syncing…');
  if (at.hasCache || at.lastSyncedAt !== null) parts.push(describeFreshness(at.lastSyncedAt, at.now));
  return parts.join(' · ');
}
