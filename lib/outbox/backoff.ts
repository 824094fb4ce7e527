// Backoff between the outbox's own attempts (the client already retried a few times within one
// call). Exponential, capped, with "equal jitter": half the step fixed, half random, so a fleet of
// workers coming back online together spreads out, yet no retry is ever immediate.
export interface BackoffPolicy {
  /** The first wait's ceiling. */
  baseMs: number;
  /** The longest wait: an outage of days still gets an attempt this often. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 15 * 60_000 };

/** Wait before attempt `attempts + 1`, after `attempts` (>= 1) failed ones; `random` in [0, 1). */
export function backoffDelay(attempts: number, random: () => number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30); // 2^30 already exceeds any cap
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(step / 2 + random() * (step / 2));
}
