// How fresh the cache is, in words ("updated 5 min ago").

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
