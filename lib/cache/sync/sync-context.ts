// What the full and the incremental sync share: the platform source, the cache, the platform
// clock, the current state (saved with every write) and the search index in memory.
import type { CallOptions, PageOptions } from '../../api/client';
import type { PageIterator } from '../../api/paginate';
import type { Skipped } from '../../api/record-schema';
import type { Company, CompanyContact, Job, JobContact, Vendor } from '../../api/schemas';
import type { SearchIndex } from '../../search';
import type { JobCache } from '../store/job-cache';
import { todayIn } from '../../locale/days';
import { MAX_SKIPPED_EXAMPLES, type StoredSyncState } from '../store/sync-state';

/** The part of the platform client (lib/api createPlatformClient) the sync uses. */
export interface SyncSource {
  jobs: { pages(opts?: PageOptions): PageIterator<Job> };
  companies: { pages(opts?: PageOptions): PageIterator<Company> };
  vendor: { get(opts?: CallOptions): Promise<Vendor> };
  /** The customers' contacts (customer-sync.ts); without them the customer index has names only. */
  companyContacts?: { pages(opts?: PageOptions): PageIterator<CompanyContact> };
  jobContacts?: { pages(opts?: PageOptions): PageIterator<JobContact> };
}

export interface SyncContext {
  source: SyncSource;
  cache: JobCache;
  /** Platform time, ms since the epoch. */
  now(): Promise<number>;
  overlapMs: number;
  /** Whether the person searches customers: the syncs read changed contacts only then (customer-use.ts). */
  contactsWanted(): Promise<boolean>;
  requestPersistence: (() => Promise<boolean>) | undefined;
  state(): StoredSyncState;
  /** Makes `next` the current state and tells onProgress (the caller stores it with its write). */
  publish(next: StoredSyncState): void;
  /** The search index in memory, loaded (or rebuilt) on first use. */
  index(): Promise<SearchIndex>;
  /** `index` is now the stored one (its main segment included). */
  setIndex(index: SearchIndex): void;
  /** Whether `index`'s main segment is the one already stored (then only the rest is written). */
  mainStored(index: SearchIndex): boolean;
}

/** Today in the account's time zone (the preview stored with the index is that day's first screen). */
export async function accountToday(ctx: Pick<SyncContext, 'state' | 'now'>): Promise<string> {
  return todayIn(ctx.state().timeZone, await ctx.now());
}

/** Adds a page's skipped records to the state's count and examples. */
export function withSkipped(
  state: StoredSyncState,
  skipped: readonly Skipped[],
): Pick<StoredSyncState, 'skipped' | 'skippedExamples'> {
  const room = MAX_SKIPPED_EXAMPLES - state.skippedExamples.length;
  return {
    skipped: state.skipped + skipped.length,
    skippedExamples: room > 0 ? [...state.skippedExamples, ...skipped.slice(0, room)] : state.skippedExamples,
  };
}
