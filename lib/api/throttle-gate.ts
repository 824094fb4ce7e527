// What every client of an account does once the platform refuses one of its requests for the minute (429). The
// limit is per app per account, shared with every other Fieldside of the business (and the companion), so our own
// window (rate-limiter.ts) cannot know the minute is used up; and each request retrying on its own (retry.ts) sends
// as many refused requests as there are requests waiting: a side panel's day asks for a dozen jobs' contacts at
// once, and a dozen requests retrying five times each made 72 refused requests in 14 s. So after a refusal the
// account's requests go one at a time: each waits a pause that grows while the platform keeps refusing (jittered, so
// the business's other Fieldsides do not come back in step), and the next goes only once this one has its answer.
// The first answer ends it. Only that one request's answer moves the state: the answers of requests sent before
// the refusal was known say nothing new.

/** How an attempt the gate let through ended: the platform answered (anything but 429), refused it (429), or no
 * answer came (the network, a timeout, the caller's abort). */
export type AttemptOutcome = 'answered' | 'throttled' | 'noAnswer';
/** Told once how the attempt ended (later calls are ignored). */
export type AttemptEnd = (outcome: AttemptOutcome) => void;

export interface ThrottleGateOptions {
  /** The first pause's ceiling after a refusal; doubles with each refusal in a row. */
  baseMs?: number;
  /** The longest pause. */
  maxMs?: number;
  /** An attempt that never says how it ended frees the gate after this long (the client's answer and body
   * timeouts end every attempt well before it). */
  attemptMs?: number;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** In [0, 1), for the pause's jitter. */
  random?: () => number;
}

/** 250-500 ms after the first refusal, growing to 2-4 s: the pauses of a request's own retries (retry.ts), so a read
 * that keeps being refused fails in about the time it did, having sent one request per pause, not one per reader. */
export const GATE_PAUSE = { baseMs: 500, maxMs: 4_000 };
const ATTEMPT_MS = 120_000;

export interface ThrottleGate {
  /** Waits while the account is refused and another attempt is out, or its pause runs; then lets this one go. */
  pass(signal?: AbortSignal): Promise<AttemptEnd>;
  /** Whether the account's requests are going one at a time just now. */
  readonly throttled: boolean;
}

export function createThrottleGate(options: ThrottleGateOptions): ThrottleGate {
  const { baseMs = GATE_PAUSE.baseMs, maxMs = GATE_PAUSE.maxMs, attemptMs = ATTEMPT_MS, now, sleep } = options;
  const random = options.random ?? Math.random;
  /** Refusals in a row: 0 while the platform answers. */
  let refusals = 0;
  let pauseUntil = 0;
  /** The one attempt out while refused, and its end. */
  let out: Promise<void> | null = null;

  /** Equal jitter: half the step fixed, half random, so no pause is near nothing. */
  function refused(): void {
    refusals++;
    const step = Math.min(maxMs, baseMs * 2 ** Math.min(refusals - 1, 30));
    pauseUntil = now() + Math.round(step / 2 + random() * (step / 2));
  }

  /** An attempt sent while the platform answered: its refusal is the first news of the minute's end. */
  const ordinary: AttemptEnd = (outcome) => {
    if (outcome === 'throttled' && refusals === 0) refused();
  };

  function alone(): AttemptEnd {
    let free!: () => void;
    out = new Promise((resolve) => (free = resolve));
    let ended = false;
    const end: AttemptEnd = (outcome) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      if (outcome === 'answered') refusals = 0;
      else if (outcome === 'throttled') refused();
      out = null;
      free();
    };
    const timer = setTimeout(() => end('noAnswer'), attemptMs);
    return end;
  }

  return {
    get throttled() {
      return refusals > 0;
    },
    async pass(signal) {
      for (;;) {
        signal?.throwIfAborted();
        if (refusals === 0) return ordinary;
        if (out) {
          await waitFor(out, signal);
          continue;
        }
        const wait = pauseUntil - now();
        if (wait <= 0) return alone();
        await sleep(wait, signal);
      }
    },
  };
}

/** `promise`, or the signal's reason once it aborts first. */
function waitFor(promise: Promise<unknown>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise.then(() => undefined);
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
