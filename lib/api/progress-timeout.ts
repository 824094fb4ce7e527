// Timeouts that follow progress instead of a deadline for the whole request: a page of any size on a
// slow link keeps its attempt alive as long as bytes keep arriving, and a connection that goes quiet
// fails in bounded time. A watchdog is armed with how long quiet may last, fed on every sign of
// progress, and fires once when the quiet has lasted that long.

/** An attempt that made no progress for too long: nothing answered, or the body stopped arriving.
 * Not an AbortError, so the retry policy retries it like a dropped connection (retry.ts). */
export class NoProgressError extends Error {
  override readonly name = 'NoProgressError';
  constructor(
    /** "answer": no status and headers yet; "body": the body stopped arriving. */
    readonly phase: 'answer' | 'body',
    readonly quietMs: number,
    readonly bytes: number,
  ) {
    super(
      phase === 'answer'
        ? `no answer from the platform within ${quietMs / 1000} s`
        : `the platform stopped sending: nothing arrived for ${quietMs / 1000} s after ${bytes} bytes of the answer`,
    );
  }
}

export function isNoProgressError(error: unknown): error is NoProgressError {
  return (error as { name?: unknown } | null)?.name === 'NoProgressError';
}

export interface Watchdog {
  /** (Re)starts the watch: `onQuiet` runs once `quietMs` pass without `feed()`. */
  arm(quietMs: number): void;
  /** Progress: the quiet starts again from now. */
  feed(): void;
  stop(): void;
}

/** One timer per quiet period, not one per `feed()`: a body arrives in many small pieces, and
 * restarting a timer for each would cost more than reading them. The timer, when it fires early
 * because progress came meanwhile, sleeps again for what is left. */
export function createWatchdog(
  onQuiet: (quietMs: number) => void,
  now: () => number = () => performance.now(),
): Watchdog {
  let limit = 0;
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const quiet = now() - last;
    if (quiet >= limit) {
      timer = undefined;
      onQuiet(limit);
    } else timer = setTimeout(check, limit - quiet);
  };
  return {
    arm(quietMs) {
      clearTimeout(timer);
      limit = quietMs;
      last = now();
      timer = setTimeout(check, quietMs);
    },
    feed() {
      last = now();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
