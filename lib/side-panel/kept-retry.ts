// A view the side panel shows from what Fieldside kept (the network gone, or the platform refusing: down, busy, or
// the account's requests for the minute used up, which every Fieldside of the business shares) is read again by
// itself, so nobody has to press "Today" to learn the platform answers again. The waits grow, as each read
// spends the account's budget, and are jittered (the outbox's equal jitter): the panels of a business that went
// "kept" in one burst (a colleague's sync using up the minute, an outage) would otherwise all read again in the
// same second and use it up again. An answer read afresh starts them over. While the account's daily limit holds,
// reading again cannot help (its notice says when it ends), so the turn is skipped, not spent.
import { backoffDelay, type BackoffPolicy } from '../outbox/backoff';

/** The first read again comes 2.5-5 s after a kept answer; each wait doubles to 1-2 minutes, then repeats: a panel
 * left open through a long outage reads about once a minute and a half. */
export const KEPT_RETRY: BackoffPolicy = { baseMs: 5_000, maxMs: 120_000 };

export interface KeptRetry {
  /** After each answer shown: kept (`offline`) schedules the next read; fresh ends the waits. */
  answered(kept: boolean): void;
  stop(): void;
}

export function createKeptRetry(
  readAgain: () => void,
  {
    policy = KEPT_RETRY,
    random = Math.random,
    paused = () => false,
  }: { policy?: BackoffPolicy; random?: () => number; paused?: () => boolean } = {},
): KeptRetry {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tries = 0;
  let stopped = false;

  function schedule(): void {
    tries++;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (paused()) schedule();
        else readAgain();
      },
      backoffDelay(tries, random, policy),
    );
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
