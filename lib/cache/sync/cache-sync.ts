// The sync service: full sync until one has finished (resuming where a cut-off one stopped), then
// incremental syncs. One sync at a time: a call while one runs joins it. The state (progress,
// freshness, counts, the last error in words) is reported through onProgress and stored with the
// cache after every page.
import type { Job } from '../../api/schemas';
import type { SearchIndex } from '../../search';
import { describeSyncError } from './errors';
import { syncCustomers, type MadeCustomers } from './customer-sync';
import { fullSync } from './full-sync';
import { customersPending } from '../store/customer-store';
import { incrementalSync, upsertJobs } from './incremental-sync';
import type { JobCache } from '../store/job-cache';
import { loadSearchIndex } from '../store/search-store';
import type { SyncContext, SyncSource } from './sync-context';
import { publicState, type StoredSyncState, type SyncState } from '../store/sync-state';

export interface CacheSyncOptions {
  /** The platform client (createPlatformClient) of the account and staff member this cache is for. */
  client: SyncSource;
  /** The cache to fill (openJobCache on the database of cacheDbName(account, staff)). */
  cache: JobCache;
  /** Platform time in ms since the epoch (createServerClock().now in the extension); Date.now by default. */
  now?: () => number | Promise<number>;
  onProgress?: (state: SyncState) => void;
  /** Asks the browser to keep the cache (navigator.storage.persist); asked once per full sync until granted. */
  requestPersistence?: () => Promise<boolean>;
  /** How far back each incremental sync reaches before the last mark (clock skew); default 2 minutes. */
  overlapMs?: number;
  /** Whether the person searches customers (customer-use.ts): if not, the syncs read no changed contacts. */
  contactsWanted?: () => Promise<boolean>;
}

export interface SyncCallOptions {
  signal?: AbortSignal;
}

export const DEFAULT_OVERLAP_MS = 2 * 60_000;

export function createCacheSync(options: CacheSyncOptions) {
  const { cache } = options;
  let current: StoredSyncState | null = null;
  let index: SearchIndex | null = null;
  let storedMain: SearchIndex['main'] | null = null;
  let inflight: Promise<SyncState> | null = null;

  const ctx: SyncContext = {
    source: options.client,
    cache,
    now: async () => (options.now ?? Date.now)(),
    overlapMs: options.overlapMs ?? DEFAULT_OVERLAP_MS,
    contactsWanted: options.contactsWanted ?? (async () => true),
    requestPersistence: options.requestPersistence,
    state: () => current!,
    publish(next) {
      current = next;
      options.onProgress?.(publicState(next));
    },
    async index() {
      if (index === null) {
        const loaded = await loadSearchIndex(cache);
        // A sync that set its index while this one loaded has the newer one.
        if (index === null) {
          index = loaded;
          storedMain = loaded.main;
        }
      }
      return index;
    },
    setIndex(next) {
      index = next;
      storedMain = next.main;
    },
    mainStored: (candidate) => candidate.main === storedMain,
  };

  async function loadState(): Promise<StoredSyncState> {
    if (current === null) {
      const stored = await cache.loadState();
      // A stored "full"/"incremental" phase is from a run that was cut off: nothing runs now.
      current = { ...stored, phase: stored.phase === 'error' ? 'error' : 'idle', counts: cache.counts() };
      // A worker stopped while it built the customers after a full sync: built again, from the start.
      if (current.complete && (await customersPending(cache.db))) buildCustomers(undefined);
    }
    return current;
  }

  /** The customer index of a finished full sync, built after it says "synced" (the jobs already answer);
   * a failure leaves the build owed (customer-store.ts's mark) to the next sync. */
  let customers: Promise<void> = Promise.resolve();
  function buildCustomers(signal: AbortSignal | undefined): void {
    customers = syncCustomers(ctx, signal, 'full').catch((error: unknown) => {
      if (signal?.aborted !== true) console.warn('Fieldside: the customers could not be prepared', error);
    });
  }

  function start(kind: 'auto' | 'full' | 'incremental', signal: AbortSignal | undefined): Promise<SyncState> {
    if (inflight) return inflight;
    inflight = (async () => {
      const state = await loadState();
      try {
        if (kind !== 'full' && state.complete) await incrementalSync(ctx, signal);
        else {
          await fullSync(ctx, signal, state.complete ? 'refresh' : 'fresh');
          buildCustomers(signal);
        }
        return publicState(ctx.state());
      } catch (error) {
        const stopped = signal?.aborted === true;
        const failed: StoredSyncState = {
          ...ctx.state(),
          phase: stopped ? 'idle' : 'error',
          lastError: stopped ? describeSyncError(new DOMException('stopped', 'AbortError')) : describeSyncError(error),
          counts: cache.counts(),
        };
        ctx.publish(failed);
        // Best effort: when the disk is full this write fails too, and the state in memory (and
        // onProgress) still carries the error. The original error goes to the caller either way.
        await cache.db.put('sync', failed, 'state').catch(() => undefined);
        throw error;
      }
    })().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    /** Full sync (or its resumption) until one has finished, incremental afterwards. */
    run: (opts: SyncCallOptions = {}) => start('auto', opts.signal),
    /** A full sync: resumes an unfinished one; over a complete cache, walks everything again while
     * the cache stays readable, and forgets jobs no longer visible (run it now and then for a staff
     * member's cache: allocating a job does not change its edit_date, so incremental sync misses it). */
    full: (opts: SyncCallOptions = {}) => start('full', opts.signal),
    /** Only what changed since the last sync (a full sync first when none has finished). */
    incremental: (opts: SyncCallOptions = {}) => start('incremental', opts.signal),
    /** The state now (in memory); loads the stored one on first use. */
    async state(): Promise<SyncState> {
      return publicState(await loadState());
    },
    running: () => inflight !== null,
    /** Puts freshly read jobs (a webhook re-read, a write's result) into the cache and the search
     * index, in one transaction, after any sync under way (so the two never interleave). Their customers' update
     * follows: customersSettled() waits for it. `made`: the customer this browser made with them. */
    async upsert(jobs: readonly Job[], made?: MadeCustomers): Promise<void> {
      await inflight?.catch(() => undefined);
      await loadState();
      const stored = await upsertJobs(ctx, jobs, made);
      const update = stored.customers.catch((error: unknown) => {
        console.warn('Fieldside: the customers could not be updated with the changed jobs', error);
      });
      customers = Promise.all([customers, update]).then(() => undefined);
    },
    /** The search index of the cache (stored, or rebuilt from the cached jobs). Not yet loaded while no full sync has
     * finished, it waits for the one under way: its index is whole only at its end, and one rebuilt meanwhile from
     * the pages stored so far was stored over the sync's own (the popup then missed every later page's jobs). A
     * finished cache's stored index is read at once, a refresh's walk under way or not (the omnibox answers). */
    async searchIndex(): Promise<SearchIndex> {
      if (index === null && !(await loadState()).complete) await inflight?.catch(() => undefined);
      return ctx.index();
    },
    /** The contacts changed since their last read, now (once an hour has passed): a view that searches customers
     * opened after its person had not searched for a while, so the syncs had not kept them. */
    async catchUpCustomers(): Promise<void> {
      if (!(await loadState()).complete) return;
      await syncCustomers(ctx, undefined, 'incremental', undefined, true);
    },
    /** Settles once the customers' update under way (or owed at start) is stored or has failed. */
    customersSettled: () => customers,
  };
}

export type CacheSync = ReturnType<typeof createCacheSync>;
