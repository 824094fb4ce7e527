import { changeKey } from './apply-changes';
import type { FeedChange } from './types';

/**
 * The companion drops a notification with the same record, fields and second as one already kept:
 * the platform's retries cannot be told from a second change within the same second (the body has no
 * values). So a re-read done less than a second after a change arrived may miss a later change of that
 * same second. Rather than reading at once and again after the second (two requests per change, in every
 * browser), a live change is held until its second has surely passed and then read once: a second of
 * latency for half the requests.
 */
export const SETTLE_MS = 1_100;

export interface SettlerOptions {
  /** Hands a change on to be re-read (into the coalescer). */
  release: (change: FeedChange) => void;
  settleMs?: number;
  now?: () => number;
}

/** A record that keeps changing is still read this many settle periods after its first change, so a
 * page never waits on it for long. */
const MAX_HOLDS = 4;

/** Holds each live change until SETTLE_MS after the latest one of its record arrived; one read per record. */
export function createSettler(options: SettlerOptions) {
  const settleMs = options.settleMs ?? SETTLE_MS;
  const now = options.now ?? Date.now;
  /** In the order records were first held: the first entry is the oldest. `before` is the feed position
   * just before that first change (what may be saved while it is held). */
  const held = new Map<
    string,
    { change: FeedChange; firstAt: number; before: string | null; timer: ReturnType<typeof setTimeout> }
  >();

  function release(key: string): void {
    const entry = held.get(key);
    if (!entry) return;
    held.delete(key);
    options.release(entry.change);
  }

  return {
    /** A change from the live stream. A later change of a held record replaces it and starts the wait
     * again (its own second must pass too), up to MAX_HOLDS settle periods after the first. */
    arrived(change: FeedChange, before: string | null): void {
      const key = changeKey(change);
      const at = now();
      const waiting = held.get(key);
      if (waiting) clearTimeout(waiting.timer);
      const firstAt = waiting?.firstAt ?? at;
      const wait = Math.min(settleMs, firstAt + MAX_HOLDS * settleMs - at);
      const timer = setTimeout(() => release(key), Math.max(0, wait));
      if (waiting) Object.assign(waiting, { change, timer });
      else held.set(key, { change, firstAt, before, timer });
    },
    /** The position a worker may save while changes are held: just before the oldest held one
     * (undefined when nothing is held). */
    safePosition(): string | null | undefined {
      const oldest = held.values().next();
      return oldest.done ? undefined : oldest.value.before;
    },
    /** Changes still held. */
    waiting: (): number => held.size,
    clear(): void {
      for (const { timer } of held.values()) clearTimeout(timer);
      held.clear();
    },
  };
}
