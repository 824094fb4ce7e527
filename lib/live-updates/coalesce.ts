// Coalesces bursts of feed changes: several changes of one record within a short window become one
// re-read of that record. Changes are grouped by (object, uuid); the batch is handed over once the
// window has been quiet for `delayMs` (or at `maxDelayMs` after its first change, so a steady
// stream still flows). One batch is processed at a time; changes arriving meanwhile wait for the next.

export interface CoalescerOptions<T> {
  key: (item: T) => string;
  /** What two items of one key become (default: the later one). */
  merge?: (earlier: T, later: T) => T;
  /** Handles one batch: one item per key (the latest seen). Errors are the handler's to report. */
  flush: (items: T[]) => Promise<void>;
  delayMs?: number;
  maxDelayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

export interface Coalescer<T> {
  add(item: T): void;
  /** Resolves when everything added so far has been flushed. */
  idle(): Promise<void>;
  /** Drops what is queued and stops the timer. */
  cancel(): void;
}

export function createCoalescer<T>(options: CoalescerOptions<T>): Coalescer<T> {
  const delayMs = options.delayMs ?? 40;
  const maxDelayMs = options.maxDelayMs ?? 250;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const now = options.now ?? Date.now;

  let queued = new Map<string, T>();
  let firstAt = 0;
  let timer: unknown;
  let running: Promise<void> | undefined;
  let waiters: Array<() => void> = [];

  function settleIfIdle(): void {
    if (queued.size > 0 || running || timer !== undefined) return;
    const done = waiters;
    waiters = [];
    for (const w of done) w();
  }

  function schedule(): void {
    if (timer !== undefined) clearTimer(timer);
    const wait = Math.max(0, Math.min(delayMs, firstAt + maxDelayMs - now()));
    timer = setTimer(() => {
      timer = undefined;
      void run();
    }, wait);
  }

  async function run(): Promise<void> {
    if (running || queued.size === 0) return settleIfIdle();
    const batch = [...queued.values()];
    queued = new Map();
    running = options.flush(batch).catch(() => undefined);
    await running;
    running = undefined;
    if (queued.size > 0 && timer === undefined) schedule();
    settleIfIdle();
  }

  return {
    add(item: T): void {
      if (queued.size === 0) firstAt = now();
      const key = options.key(item);
      const earlier = queued.get(key);
      queued.delete(key); // re-insert: the latest change of a record wins, in arrival order
      queued.set(key, earlier !== undefined && options.merge ? options.merge(earlier, item) : item);
      if (!running) schedule();
    },
    idle(): Promise<void> {
      return new Promise((resolve) => {
        waiters.push(resolve);
        settleIfIdle();
      });
    },
    cancel(): void {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      queued = new Map();
      settleIfIdle();
    },
  };
}
