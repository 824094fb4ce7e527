import { changeKey } from './apply-changes';
import type { FeedChange } from './types';

/**
 * The companion drops a notification with the same record, fields and second as one already kept:
 * the platform's retries cannot be told from a second change within the same second (the body has no
 * values). So a re-read done less than a second after a change arrived may miss a later change of that
 * same second; one more re-read once the second has surely passed closes the gap.
 */
export const SETTLE_MS = 1_100;

export interface SettlerOptions {
  /** Queues the follow-up re-read (into the coalescer). */
  requeue: (change: FeedChange) => void;
  settleMs?: number;
  now?: () => number;
}

/** Tracks when live changes arrived, and schedules at most one follow-up re-read per change. */
export function createSettler(options: SettlerOptions) {
  const settleMs = options.settleMs ?? SETTLE_MS;
  const now = options.now ?? Date.now;
  const arrivedAt = new Map<string, number>();
  const followUps = new WeakSet<FeedChange>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  return {
    /** A change from the live stream (catch-up changes are older than a second: no follow-up). */
    arrived(change: FeedChange): void {
      arrivedAt.set(changeKey(change), now());
    },
    /** After a batch's re-reads, begun at `startedAt`: follow up those that may have been too early. */
    afterBatch(batch: readonly FeedChange[], startedAt: number): void {
      for (const change of batch) {
        const key = changeKey(change);
        const at = arrivedAt.get(key);
        if (followUps.has(change) || at === undefined) continue;
        if (startedAt - at >= settleMs) {
          arrivedAt.delete(key);
          continue;
        }
        const timer = setTimeout(() => {
          timers.delete(timer);
          const again = { ...change };
          followUps.add(again);
          options.requeue(again);
        }, at + settleMs - now());
        timers.add(timer);
      }
    },
    /** Follow-ups still waiting for their time. */
    waiting: (): number => timers.size,
    clear(): void {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      arrivedAt.clear();
    },
  };
}
