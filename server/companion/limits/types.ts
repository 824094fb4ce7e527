// Counters and leases that every companion instance must share: rate limits (fixed windows) and open-stream
// slots (leases a live stream renews with its heartbeat, so a crashed instance's slots lapse by themselves).
// Two implementations: memory (one instance) and Redis (several instances behind one Redis).

export interface SlotRequest {
  key: string;
  /** At most this many live slots under `key`. */
  cap: number;
}

export interface LimitStore {
  /** Counts one request under `key` in the fixed window of `windowMs` that holds `now`; answers the count so far. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  /** Takes a slot for `id` under every key, or none when any key is at its cap: answers whether it took them. */
  acquire(slots: readonly SlotRequest[], id: string, leaseMs: number, now: number): Promise<boolean>;
  /** Extends the lease of `id`'s slots (the holder is still alive). */
  renew(keys: readonly string[], id: string, leaseMs: number, now: number): Promise<void>;
  release(keys: readonly string[], id: string): Promise<void>;
  close(): Promise<void>;
}

/** The window index of `now`, so every instance counts in the same windows. */
export const windowOf = (now: number, windowMs: number): number => Math.floor(now / windowMs);
