/** Failed deliveries are retried for this long from the first failure, then the subscription is deactivated. */
export const RETRY_WINDOW_MS = 72 * 3_600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_GAP_MS = 3_600_000;

/**
 * Emulator time of the next attempt after `failures` consecutive failures (the first at `firstFailureAt`):
 * 30 s, then doubling up to one hour between attempts (no jitter, so tests can count attempts), and the last
 * attempt exactly at the end of the window so deactivation happens at 72 hours, not up to an hour later.
 */
export function nextAttemptAt(now: number, failures: number, firstFailureAt: number): number {
  const gap = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_GAP_MS);
  return Math.min(now + gap, firstFailureAt + RETRY_WINDOW_MS);
}

/** Whether a failure at `now` ends the retry window. */
export function windowExpired(now: number, firstFailureAt: number): boolean {
  return now - firstFailureAt >= RETRY_WINDOW_MS;
}
