// A sync that failed for a passing reason (network, 5xx, the per-minute 429) is tried again by the schedule itself,
// a few times: the alarm is 10 minutes away.

const MAX_RETRIES = 6;

export interface SyncRetryOptions {
  /** Delay before retry number `attempt` (from 0); default 2 s doubling to 2 min. */
  delayMs?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

export function createSyncRetry(opts: SyncRetryOptions = {}) {
  const delayMs = opts.delayMs ?? ((attempt: number) => Math.min(2_000 * 2 ** attempt, 120_000));
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let retries = 0;
  let pending = false;
  return {
    /** Runs `again` after the next delay, unless a retry is already waiting or the retries are used up. */
    schedule(again: () => void): void {
      if (pending || retries >= MAX_RETRIES) return;
      pending = true;
      setTimer(() => {
        pending = false;
        retries++;
        again();
      }, delayMs(retries));
    },
    /** A sync finished: the next failure starts from the first delay again. */
    succeeded(): void {
      retries = 0;
    },
  };
}
