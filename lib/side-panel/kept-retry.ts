// A view the side panel shows from what Fieldside kept (the network gone, or the platform refusing: down, busy, or
// the account's requests for the minute used up, which every Fieldside of the business shares) is read again by
// itself, so nobody has to press "Today" to learn the platform answers again. The waits grow, as each read
// spends the account's budget; an answer read afresh starts them over. While the account's daily limit holds,
// reading again cannot help (its notice says when it ends), so the turn is skipped, not spent.

/** Waits before each read again of a kept view; the last one repeats for as long as it stays kept. */
export const KEPT_RETRY_MS: readonly number[] = [5_000, 15_000, 30_000, 60_000];

export interface KeptRetry {
  /** After each answer shown: kept (`offline`) schedules the next read; fresh ends the waits. */
  answered(kept: boolean): void;
  stop(): void;
}

export function createKeptRetry(
  readAgain: () => void,
  { delays = KEPT_RETRY_MS, paused = () => false }: { delays?: readonly number[]; paused?: () => boolean } = {},
): KeptRetry {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tries = 0;
  let stopped = false;

  function schedule(): void {
    const delay = delays[Math.min(tries, delays.length - 1)]!;
    tries++;
    timer = setTimeout(() => {
      timer = undefined;
      if (paused()) schedule();
      else readAgain();
    }, delay);
  }

  return {
    answered(kept: boolean): void {
      clearTimeout(timer);
      timer = undefined;
      if (stopped) return;
      if (!kept) tries = 0;
      else schedule();
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
