import type { PlatformClient } from '../api/client';
import type { Job } from '../api/schemas';
import type { JobCache, Sync } from '../cache';
import type { Outbox } from '../outbox';
import type { LiveEvent } from '../messaging/views';

// The seam between the background's field-work services. "The view" is what one signed-in person
// currently sees: one account, one staff member in view (impersonated), or the whole account in
// API-key mode. Everything that reads or writes jobs goes through it, so switching who you are
// switches the client, the cache and the outbox together, and sign-out closes them all.

export interface ViewScope {
  accountUuid: string;
  /** The impersonated staff member, or 'all' (API-key mode: the whole account). */
  staffUuid: string | 'all';
  /** The platform's {base_url}. */
  baseUrl: string;
  /** OAuth scopes granted (empty in API-key mode, where every scope applies). */
  scopes: readonly string[];
  mode: 'oauth' | 'api_key';
}

export interface ActiveView {
  /** The current view, or null when signed out (or before "who are you" is answered). */
  scope(): Promise<ViewScope | null>;
  /** A platform client for the view: impersonates the staff member in view. Throws when signed out. */
  client(): Promise<PlatformClient>;
  /** The view's job cache (opened once per scope; reopened when the scope changes). */
  cache(): Promise<JobCache>;
  /** The view's sync (single-flight; resumes an interrupted full sync). */
  sync(): Promise<Sync>;
  /** The view's outbox of pending writes. */
  outbox(): Promise<Outbox>;
  /** Puts freshly read jobs (a webhook re-read, the result of a write) into the cache and search
   * index, and tells every open view they changed. Inactive jobs become tombstones. */
  upsertJobs(jobs: readonly Job[]): Promise<void>;
  /** Closes everything of the current scope (called on sign-out and when the scope changes). */
  close(): Promise<void>;
}

/** The background's fan-out to every open page, side panel and content script (LIVE_PORT). */
export interface LiveHub {
  broadcast(event: LiveEvent): void;
}
