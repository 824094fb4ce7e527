// What the feed service (feed-service.ts) is given and keeps: the signed-in account as the feed sees it, the saved
// position, and the service's dependencies.
import type { ApplyResult, ApplyTarget } from './apply-changes';
import type { FeedClient } from './feed-client';
import type { FeedChange } from './types';

export interface FeedAccount {
  accountUuid: string;
  mode: 'oauth' | 'api_key';
  /** The OAuth scopes granted: registering again after they grow lets the companion make the
   * subscriptions the platform refused before (a note subscription needs read_job_notes). */
  scopes: readonly string[];
  /** Who the person is ("who are you"): registering again once it changes lets the companion know. */
  staffUuid: string | null;
  /** The platform vouched for that person (pairing): the pass names them, and the companion sends a stream opened
   * with it the records they may see; a stream opened before is opened again. */
  verified?: boolean;
}

export interface SavedPosition {
  accountUuid: string;
  position: string;
  /** The grant the companion was registered with (scopes and staff member). */
  grant?: string;
}

/** A catch-up that brings more changes than this is one incremental sync instead (one or two requests
 * for all of them, where re-reading them would cost one each). */
export const CATCH_UP_REREADS_MAX = 3;

export interface FeedServiceDeps {
  feed: FeedClient;
  /** The signed-in account; null when signed out. */
  account: () => Promise<FeedAccount | null>;
  target: ApplyTarget;
  loadPosition: () => Promise<SavedPosition | null>;
  savePosition: (saved: SavedPosition | null) => Promise<void>;
  /** Called after each applied batch (tests, diagnostics). */
  onApplied?: (result: ApplyResult, changes: readonly FeedChange[]) => void;
  /** One incremental sync, for changes the feed no longer holds (a gap). */
  resync?: () => Promise<unknown>;
  report?: (message: string, error: unknown) => void;
  /** See SETTLE_MS (hold.ts); tests may shorten it. */
  settleMs?: number;
  now?: () => number;
  /** Reconnect backoff bounds for the live stream. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export type FeedState = 'off' | 'api_key' | 'connecting' | 'live' | 'retrying';
