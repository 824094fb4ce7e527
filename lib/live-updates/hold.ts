import type { FeedChange } from './types';

// Holds each changed record until applying it is worth it, with one timer per record, and applies records in
// batches, one batch at a time:
// - A live change is a moment old. The companion drops a notification with the same record, fields and second as
//   one already kept: the platform's retries cannot be told from a second change within the same second (the body
//   has no values). So a read done less than a second after a change arrived may miss a later change of that same
//   second. Rather than reading at once and again after the second (two requests per change, in every browser), a
//   live change is held until its second has surely passed and then read once: a second of latency for half the
//   requests.
// - A caught-up change (GET /feed) is older than that: it goes with the next batch.
// When a record's hold ends, it is applied together with every other record whose hold has ended; records whose
// hold ends while a batch is being applied wait for the next one.

export const SETTLE_MS = 1_100;

/** A record that keeps changing is still applied this many settle periods after its first change, so a page never
 * waits on it for long. */
export const MAX_HOLDS = 4;

/** One key per record: one read per record and batch. */
export const changeKey = (c: FeedChange): string => `${c.object}/${c.uuid}`;

/** Two changes of one record: the later wins. Two edits of a job within the same second may carry records read in
 * either order (the platform's second is all that tells them apart), so then neither record is trusted and the job
 * is read once its second has passed, as it would be without records. */
export function mergeChanges(earlier: FeedChange, later: FeedChange): FeedChange {
  if (later.record === undefined || earlier.time !== later.time) return later;
  const { record: _record, ...withoutRecord } = later;
  return withoutRecord;
}

export interface HoldOptions {
  /** Applies one batch: one change per record. Errors are its own to report. */
  apply: (batch: FeedChange[]) => Promise<void>;
  settleMs?: number;
  now?: () => number;
}

interface Held {
  change: FeedChange;
  firstAt: number;
  /** The feed position just before the record's first held change (what may be saved while it is held). */
  before: string | null;
  dueAt: number;
  timer: ReturnType<typeof setTimeout>;
}

export function createHold(options: HoldOptions) {
  const settleMs = options.settleMs ?? SETTLE_MS;
  const now = options.now ?? Date.now;
  /** In the order records were first held: the first entry is the oldest. */
  const held = new Map<string, Held>();
  /** Records whose hold ended, for the next batch, in the order of their latest change. */
  let due = new Map<string, FeedChange>();
  let running: Promise<void> | undefined;
  let waiters: Array<() => void> = [];

  function addDue(change: FeedChange): void {
    const key = changeKey(change);
    const earlier = due.get(key);
    due.delete(key);
    due.set(key, earlier ? mergeChanges(earlier, change) : change);
  }

  function settleIfIdle(): void {
    if (held.size > 0 || due.size > 0 || running) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  function run(): void {
    if (running || due.size === 0) return settleIfIdle();
    const batch = [...due.values()];
    due = new Map();
    running = options
      .apply(batch)
      .catch(() => undefined)
      .then(() => {
        running = undefined;
        run();
      });
  }

  /** A record's hold ended: it goes with every other record whose hold has ended by now. */
  function ended(key: string): void {
    const at = now();
    for (const [other, entry] of held) {
      if (other !== key && entry.dueAt > at) continue;
      clearTimeout(entry.timer);
      held.delete(other);
      addDue(entry.change);
    }
    run();
  }

  return {
    /** A change from the live stream, received just after `before`. A later change of a held record joins it and
     * starts the wait again (its own second must pass too), up to MAX_HOLDS settle periods after the first. */
    live(change: FeedChange, before: string | null): void {
      const key = changeKey(change);
      const at = now();
      const waiting = held.get(key);
      if (waiting) clearTimeout(waiting.timer);
      const firstAt = waiting?.firstAt ?? at;
      const dueAt = Math.min(at + settleMs, firstAt + MAX_HOLDS * settleMs);
      const timer = setTimeout(() => ended(key), Math.max(0, dueAt - at));
      if (waiting) Object.assign(waiting, { change: mergeChanges(waiting.change, change), dueAt, timer });
      else held.set(key, { change, firstAt, before, dueAt, timer });
    },
    /** A change the catch-up read (GET /feed): old enough already, applied with the next batch. */
    caughtUp(change: FeedChange): void {
      addDue(change);
      // After the caller's other caught-up changes of this turn, so that they make one batch.
      queueMicrotask(run);
    },
    /** The position a worker may save while changes are held: just before the oldest held one (undefined when
     * nothing is held). */
    safePosition(): string | null | undefined {
      const oldest = held.values().next();
      return oldest.done ? undefined : oldest.value.before;
    },
    /** Resolves when every change handed over so far has been applied. */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        waiters.push(resolve);
        settleIfIdle();
      });
    },
    /** Drops every held and due change (a batch being applied finishes). */
    clear(): void {
      for (const { timer } of held.values()) clearTimeout(timer);
      held.clear();
      due = new Map();
      settleIfIdle();
    },
  };
}

export type Hold = ReturnType<typeof createHold>;
