// Client-side request limiter: a sliding window that allows at most `perMinute` request starts in
// any `windowMs`. A token bucket with a full burst could send 2x the limit within one minute and
// earn a 429; the window cannot. The platform counts per app per account, so share one limiter per
// account (`createRateLimiterRegistry`) across every client of that account. Others share the account's
// minute too: once the platform refuses one of ours, the account's requests go one at a time (throttle-gate.ts).
import { createThrottleGate, type AttemptEnd, type ThrottleGateOptions } from './throttle-gate';

export interface RateLimiterOptions {
  /** Requests allowed per window (the platform allows 180 a minute). */
  perMinute?: number;
  /** Window length; a little over a minute absorbs network jitter between our clock and theirs. */
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The pauses after a refusal (throttle-gate.ts). */
  gate?: Omit<ThrottleGateOptions, 'now' | 'sleep'>;
}

export interface RateLimiter {
  /** Waits until a request may start, then counts it; the caller tells the returned function how the attempt
   * ended. Rejects with the signal's reason if aborted. */
  acquire(signal?: AbortSignal): Promise<AttemptEnd>;
  /** Milliseconds until a request could start now (0 when one can). */
  waitTime(): number;
  readonly perMinute: number;
  /** The platform answered that the account's daily limit is used up (any request of the account). */
  dailyLimitReached?(): void;
}

export const DEFAULT_PER_MINUTE = 180;
const DEFAULT_WINDOW_MS = 61_000;

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const perMinute = options.perMinute ?? DEFAULT_PER_MINUTE;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new RangeError('perMinute must be a positive integer');

  // Ring buffer of the last `perMinute` start times: a new start is allowed when the oldest of them
  // left the window.
  const starts = new Float64Array(perMinute).fill(Number.NEGATIVE_INFINITY);
  let head = 0; // index of the oldest start
  // Waiters are served in order, so a burst of callers cannot starve one of them.
  let queue: Promise<unknown> = Promise.resolve();
  const gate = createThrottleGate({ ...options.gate, now, sleep });

  const waitTime = () => Math.max(0, starts[head]! + windowMs - now());

  async function take(signal?: AbortSignal): Promise<AttemptEnd> {
    const ended = await gate.pass(signal);
    try {
      for (;;) {
        signal?.throwIfAborted();
        const wait = waitTime();
        if (wait <= 0) break;
        await sleep(wait, signal);
      }
    } catch (error) {
      ended('noAnswer');
      throw error;
    }
    starts[head] = now();
    head = (head + 1) % perMinute;
    return ended;
  }

  return {
    perMinute,
    waitTime,
    acquire(signal) {
      const turn = queue.then(() => take(signal));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

/** One limiter per account key, shared by every client of that account. */
/** The platform limits each app per account: every client of one account shares this key's limiter. */
export function accountLimiterKey(baseUrl: string, accountUuid: string): string {
  return `${baseUrl}|${accountUuid}`;
}

export function createRateLimiterRegistry(
  options: RateLimiterOptions & {
    onRequest?: (accountKey: string) => void;
    onDailyLimit?: (accountKey: string) => void;
  } = {},
) {
  const limiters = new Map<string, RateLimiter>();
  const { onRequest, onDailyLimit, ...limits } = options;
  return {
    forAccount(accountKey: string): RateLimiter {
      let limiter = limiters.get(accountKey);
      if (!limiter) {
        const inner = createRateLimiter(limits);
        // Every request start passes here: the day's count of the account's requests (daily-use.ts).
        // A daily 429 met by any of the account's requests (a sign-in's reads, a write, a sync) is the account's
        // whole day: whoever sees it reports it, so every page can say so (onDailyLimit).
        limiter = {
          acquire: onRequest
            ? async (signal) => {
                const ended = await inner.acquire(signal);
                onRequest(accountKey);
                return ended;
              }
            : (signal) => inner.acquire(signal),
          waitTime: () => inner.waitTime(),
          perMinute: inner.perMinute,
          ...(onDailyLimit ? { dailyLimitReached: () => onDailyLimit(accountKey) } : {}),
        };
        limiters.set(accountKey, limiter);
      }
      return limiter;
    },
  };
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export type RateLimiterRegistry = ReturnType<typeof createRateLimiterRegistry>;
