// The change feed's storage seam. The webhook receiver appends, the feed routes read and stream.
// Two implementations: memory (one instance) and Redis Streams (several instances, one Redis).

import type { FeedChange, FeedPage } from '../../../contracts/companion-http';

export type { FeedChange, FeedPage };

export type NewChange = Omit<FeedChange, 'id'>;

export interface FeedStore {
  /** Appends unless `dedupKey` was seen for this account recently; answers the new id, or null for a duplicate. */
  append(account: string, change: NewChange, dedupKey: string): Promise<string | null>;
  /** Changes strictly after `after` (from the oldest kept when undefined), oldest first, at most `limit`. */
  read(account: string, after: string | undefined, limit: number): Promise<FeedPage>;
  /** The position after the newest kept change (the start position when the feed is empty). */
  position(account: string): Promise<string>;
  /** Calls `listener` after every append to this account's feed, by any instance sharing the store.
   * Resolves once watching has begun, so a read done afterwards misses nothing. Answers the unsubscribe. */
  subscribe(account: string, listener: () => void): Promise<() => void>;
  /** Webhook callback token → account, kept where every instance (and a restarted one) can find it. */
  saveCallbackToken(token: string, account: string): Promise<void>;
  accountForCallbackToken(token: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** A position a client sent that this store never hands out. */
export class FeedPositionError extends Error {
  override readonly name = 'FeedPositionError';
  constructor(position: string) {
    super(`Invalid feed position "${position.slice(0, 40)}"`);
  }
}

export function isFeedPositionError(e: unknown): e is FeedPositionError {
  return e instanceof Error && e.name === 'FeedPositionError';
}
