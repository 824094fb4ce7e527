// The change feed's storage seam. The webhook receiver appends, the feed routes read and stream.
// Two implementations: memory (one instance) and Redis Streams (several instances, one Redis).

import { z } from 'zod';
import { FeedChangeSchema, type FeedChange, type FeedPage } from '../../../../contracts/companion-http';
import { PlatformUuidSchema } from '../../../../contracts/uuid';

export type { FeedChange, FeedPage };

/** A change as the feed keeps it: the wire's change without what it means to one reader (`yours`, `your_visit`), with
 * whom the platform lets see it (`visible_to`), whom the companion could not ask (`unchecked`) and, for a visit, whose
 * it is (`visit_staff`), which never go out (reader-view.ts). Those staff members and the job are Uuids, lower-cased
 * again on every read: a change an older version kept may spell them in capitals. The change's own `uuid` goes out as
 * the platform wrote it. */
export const StoredChangeSchema = FeedChangeSchema.omit({ yours: true, your_visit: true }).extend({
  job_uuid: PlatformUuidSchema.optional(),
  visible_to: z.array(PlatformUuidSchema).optional(),
  unchecked: z.array(PlatformUuidSchema).optional(),
  visit_staff: PlatformUuidSchema.optional(),
});
export type StoredChange = z.infer<typeof StoredChangeSchema>;
export type NewChange = Omit<StoredChange, 'id'>;
/** A page of kept changes, before each is made the reader's (reader-view.ts). */
export type StoredPage = Omit<FeedPage, 'changes'> & { changes: StoredChange[] };

export type AppendResult =
  | { kind: 'appended'; id: string }
  /** The dedup key was seen for this account within the retry window. */
  | { kind: 'duplicate' }
  /** The callback token's generation was retired by a rotation: nothing appended. */
  | { kind: 'retired' };

/** An account's callback token and the generation it belongs to (0 until the first rotation). */
export interface CallbackTokenOwner {
  account: string;
  generation: number;
}

export interface FeedStore {
  /**
   * Appends unless `dedupKey` was seen for this account recently, or `generation` (of the callback token the
   * change came through) is older than the account's current one. The check and the append are one atomic step.
   */
  append(account: string, change: NewChange, dedupKey: string, generation: number): Promise<AppendResult>;
  /** Whether `append` would find `dedupKey` already seen for this account: a peek that changes nothing, so the
   * receiver spends no platform read on a retry it already took. `append` alone decides what is appended. */
  seen(account: string, dedupKey: string): Promise<boolean>;
  /** Changes strictly after `after` (from the oldest kept when undefined), oldest first, at most `limit`;
   * `gap` when changes after `after` are no longer kept. */
  read(account: string, after: string | undefined, limit: number): Promise<StoredPage>;
  /** The position after the newest kept change (the start position when the feed is empty). */
  position(account: string): Promise<string>;
  /** Calls `listener` after every append to this account's feed, by any instance sharing the store.
   * Resolves once watching has begun, so a read done afterwards misses nothing. Answers the unsubscribe. */
  subscribe(account: string, listener: () => void): Promise<() => void>;
  /**
   * The owner an earlier version recorded for a callback token of the form before self-verifying URLs, and its
   * removal once that generation is retired (webhooks/legacy-callback-token.ts). Only a store that outlives a
   * process (Redis) can hold such entries; a store without them leaves these out.
   */
  legacyCallbackOwner?(token: string): Promise<CallbackTokenOwner | undefined>;
  forgetLegacyCallbackToken?(token: string): Promise<void>;
  /** The account's current callback generation; tokens of older generations are refused. */
  callbackGeneration(account: string): Promise<number>;
  setCallbackGeneration(account: string, generation: number): Promise<void>;
  close(): Promise<void>;
}

/** Dedup keys kept per account at most (older ones are dropped first): memory and Redis alike. */
export const dedupCapacity = (maxEntries: number): number => Math.max(maxEntries * 2, 1000);

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
