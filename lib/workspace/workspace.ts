import type { PlatformClient } from '../api/client';
import type { Job } from '../api/schemas';
import type { JobCache } from '../cache/store/job-cache';
import type { CacheSync } from '../cache/sync/cache-sync';
import type { MadeCustomers } from '../cache/sync/customer-sync';
import type { Outbox } from '../outbox/outbox';
import type { WorkspaceKey } from '../settings/workspace-key';

// The seam between the background's services. A workspace is everything of one signed-in person
// as one staff member: one account, one staff member in view (impersonated), or the whole account
// in API-key mode, with its client, cache, sync and outbox. Everything that reads or writes jobs
// goes through the current one, so switching who you are switches them together, and sign-out
// closes them all.

export interface Workspace {
  /** The current workspace's key, or null when signed out (or before "who are you" is answered). */
  key(): Promise<WorkspaceKey | null>;
  /** A platform client for the workspace: impersonates the staff member in view. Throws when signed out. */
  client(): Promise<PlatformClient>;
  /** The same connection without impersonation (undefined when the client does not impersonate): only for the
   * outbox to find a job it made that the staff member in view may not see; nothing read through it is shown. */
  tokenViewClient?(): Promise<PlatformClient | undefined>;
  /** The workspace's job cache (opened once per workspace; reopened when it changes). */
  cache(): Promise<JobCache>;
  /** The workspace's cache sync (single-flight; resumes an interrupted full sync). */
  sync(): Promise<CacheSync>;
  /** The workspace's outbox of pending writes. */
  outbox(): Promise<Outbox>;
  /** Puts freshly read jobs (a webhook re-read, the result of a write) into the cache and search
   * index, and tells every open page they changed. Inactive jobs become tombstones. `made`: the customer this browser
   * made with them, searchable at once. */
  upsertJobs(jobs: readonly Job[], made?: MadeCustomers): Promise<void>;
  /** Closes everything of the current workspace (called on sign-out and when it changes). */
  close(): Promise<void>;
}
