// Full sync: every company, then every job, page by page along the platform's cursors (a refresh of a
// complete cache: the companies changed since, then every job). Fetching
// page n+1 overlaps storing page n. Each page, whatever its size, is stored together with the
// cursor of the next one (segment-writer.ts: one transaction, however many segments the page
// fills), so a sync cut off at any point resumes at the page after the last one stored, never from
// the start. The customers are left to the caller, to build once the jobs are searchable.
import { collect, FIRST_CURSOR, nextTask, type Page } from '../../api/paginate';
import { gt } from '../../api/filter';
import { localTimestamp } from '../../api/local-time';
import type { Job } from '../../api/schemas';
import { SUPERSEDED } from '../store/lookup';
import { createIndexBuilder, serializeIndex, type IndexBuilder, type SearchDoc, type SearchIndex } from '../../search';
import { customerNames, toSearchDoc } from '../store/search-docs';
import { firstPageAhead, walk, type FirstPageAhead } from './page-walk';
import { markWalk } from './walk-marks';
import type { PageOptions } from '../../api/client';
import { buildSearchIndexFromCache } from '../store/search-store';
import { accountToday, withSkipped, type SyncContext } from './sync-context';
import { initialSyncState, type ResumePoint, type StoredSyncState } from '../store/sync-state';

/**
 * `fresh` empties the cache first (no finished sync yet). `refresh` walks every job again over a
 * complete cache (and reads the companies changed since the last sync), which stays readable
 * meanwhile: records are replaced in place, and at the end jobs the walk did not see (no longer
 * visible to this staff member) are forgotten. Incremental sync cannot see those: allocating a job
 * to someone does not change the job's edit_date.
 */
export type FullSyncMode = 'fresh' | 'refresh';

export async function fullSync(
  ctx: SyncContext,
  signal: AbortSignal | undefined,
  mode: FullSyncMode = 'fresh',
): Promise<void> {
  const { cache, source } = ctx;
  const call = signal === undefined ? {} : { signal };
  if (mode === 'refresh') {
    const state = ctx.state();
    // The account's time zone as the walk that filled the cache read it (a business rarely moves zone; a new
    // sign-in reads it again): no read of the vendor each morning. The mark is worked out as the incremental
    // sync's is, once the first answer has set the platform's clock in a worker just started.
    const askedAt = performance.now();
    const vendor = state.timeZone === null ? await source.vendor.get(call) : null;
    const timeZone = vendor === null ? state.timeZone : vendor.timezone_name === '' ? null : vendor.timezone_name;
    // What a refresh is for, jobs that came into or left this staff member's view, is about jobs only: a
    // company's changes all move its edit_date, so the companies changed since the last sync are read, not
    // every company again (most of a technician's refresh, out of the account's shared budget).
    const since = localTimestamp((state.lastSyncedAt ?? 0) - ctx.overlapMs, state.timeZone ?? timeZone);
    const companies = await collect(source.companies.pages({ filter: [gt('edit_date', since)], ...call }));
    const startedAt = (await ctx.now()) - (performance.now() - askedAt);
    const next: StoredSyncState = {
      ...state,
      ...withSkipped({ ...state, skipped: 0, skippedExamples: [] }, companies.skipped),
      phase: 'full',
      complete: false,
      pagesDone: 0,
      jobsStored: 0,
      lastError: null,
      resume: { collection: 'jobs', cursor: FIRST_CURSOR },
      fullStartedAt: startedAt,
      timeZone,
    };
    await cache.write({ companies: companies.records, state: next });
    ctx.publish(next);
  } else if (ctx.state().resume === null) {
    const vendor = await source.vendor.get(call);
    // The mark of the next incremental sync is the platform's time at the START of this walk: a
    // record changed while we walk (after its page was read) has a later edit_date, so the next
    // incremental sync catches it. Taken after the vendor answer, so a Date-header clock is set.
    const startedAt = await ctx.now();
    const fresh: StoredSyncState = {
      ...initialSyncState(),
      persisted: ctx.state().persisted,
      phase: 'full',
      resume: { collection: 'companies', cursor: FIRST_CURSOR },
      fullStartedAt: startedAt,
      timeZone: vendor.timezone_name === '' ? null : vendor.timezone_name,
    };
    await cache.clear(fresh);
    ctx.publish(fresh);
  } else {
    ctx.publish({ ...ctx.state(), phase: 'full', lastError: null });
  }
  await askPersistence(ctx);
  markWalk('start');

  const step = (): ResumePoint => ctx.state().resume!;

  // The first job page is asked for as soon as the last company page is in, so the platform prepares it while the
  // companies are stored and read back (the last company page has no read-ahead: still one request ahead at most).
  let jobsAhead: FirstPageAhead<Job> | null = null;
  try {
    if (step().collection === 'companies') {
      await walk((o) => source.companies.pages(o), step().cursor, signal, {
        prepare: (page) => {
          if (page.nextCursor === null) jobsAhead ??= firstPageAhead((o) => source.jobs.pages(o), signal);
        },
        store: async (page) => {
          // The first job page was just asked for (prepare): its way to fetch is a chain of promise steps, which this
          // page's write (placement, clone) would otherwise run before (28-42 ms). One task lets the request leave.
          if (page.nextCursor === null) await nextTask();
          const next: ResumePoint =
            page.nextCursor === null
              ? { collection: 'jobs', cursor: FIRST_CURSOR }
              : { collection: 'companies', cursor: page.nextCursor };
          await storePage(ctx, { companies: page.records }, page, next);
        },
      });
    }
    await walkJobs(ctx, signal, jobsAhead);
  } finally {
    await (jobsAhead as FirstPageAhead<Job> | null)?.cancel(); // nothing to do once the job walk took it
  }
}

/** The job pages, each with its search documents; then the index, and the jobs the walk did not see are forgotten. */
async function walkJobs(ctx: SyncContext, signal: AbortSignal | undefined, jobsAhead: FirstPageAhead<Job> | null) {
  const { cache, source } = ctx;
  // The search index of this run's jobs, built page by page as they arrive (so the end of the sync
  // only finishes it, and no page of documents outlives its turn), and every uuid the walk saw (to
  // forget cached jobs it did not). Both null when the walk resumed past its first job page (the
  // earlier pages are then only in the database, and the index is built from there); `seen` also
  // when the walk started over an empty cache.
  let builder: IndexBuilder | null = null;
  /** The builder's index (or why it failed), finished while the last page committed. */
  let finished: SearchIndex | Error | null = null;
  let seen: Set<string> | null = null;
  const step = (): ResumePoint => ctx.state().resume!;
  // From the database, not from this run's pages: a resumed walk stored some of them earlier.
  const customerOf = customerNames(await cache.allCompanies());
  if (step().collection === 'jobs') {
    const startOver = () => {
      builder = createIndexBuilder();
      // Over an empty cache nothing can go unseen: no set of 100,000 uuids to keep.
      const { jobs, tombstones } = cache.counts();
      seen = jobs + tombstones === 0 ? null : new Set();
      ctx.publish({ ...ctx.state(), jobsStored: 0 });
    };
    if (step().cursor === FIRST_CURSOR) startOver();
    // The page's search documents and seen uuids: CPU work done while the previous page commits.
    const prepare = (page: Page<Job>) => {
      const active = builder as IndexBuilder | null;
      let pageDocs: SearchDoc[] = [];
      for (const job of page.records) {
        seen?.add(job.uuid);
        if (job.active) pageDocs.push(toSearchDoc(job, customerOf(job.company_uuid)));
        else if (active) {
          // In order: a job made inactive after an earlier copy of it on this page was collected.
          active.add(pageDocs);
          pageDocs = [];
          active.remove(job.uuid);
        }
      }
      active?.add(pageDocs);
      // Jobs skipped as malformed were seen too: their cached copy stays until a readable one comes.
      for (const skipped of page.skipped) if (skipped.uuid !== null) seen?.add(skipped.uuid);
    };
    const store = async (page: Page<Job>) => {
      if (page.nextCursor !== null) {
        await storePage(ctx, { jobs: page.records }, page, { collection: 'jobs', cursor: page.nextCursor });
        return;
      }
      // The last page: every document is in, so the index is finished while the page commits (25-35 ms of CPU).
      const finishIndex = () => {
        try {
          finished = (builder as IndexBuilder | null)?.finish() ?? null;
        } catch (error) {
          finished = error instanceof Error ? error : new Error(String(error));
        }
      };
      await storePage(ctx, { jobs: page.records }, page, { collection: 'index', cursor: '' }, finishIndex);
    };
    const pages =
      jobsAhead === null ? (o: PageOptions) => source.jobs.pages(o) : (o: PageOptions) => jobsAhead.pages(o);
    await walk(pages, step().cursor, signal, { prepare, store }, startOver);
    markWalk('end');
  }
  // Only a walk that saw every page in this run knows what is gone (and has every search document).
  const seenNow = seen as Set<string> | null;
  const builderNow = builder as IndexBuilder | null;
  const gone = seenNow === null ? [] : unseenJobs(cache, seenNow);
  const finishedNow = finished as SearchIndex | Error | null;
  if (finishedNow instanceof Error) throw finishedNow;
  const index = finishedNow ?? (builderNow !== null ? builderNow.finish() : await buildSearchIndexFromCache(cache));
  const state = ctx.state();
  const done: StoredSyncState = {
    ...state,
    phase: 'idle',
    complete: true,
    resume: null,
    lastSyncedAt: state.fullStartedAt,
    fullStartedAt: null,
    lastError: null,
  };
  const search = { value: serializeIndex(index, await accountToday(ctx)), withMain: true };
  // The customers are built after "synced" (cache-sync.ts): the mark is stored with "synced", so a worker stopped
  // before their index is stored builds it again, and never serves one that misses this walk's jobs.
  await cache.write({ drop: gone, search, state: done, customersPending: true });
  await cache.compactIfNeeded();
  ctx.setIndex(index);
  ctx.publish({ ...done, counts: cache.counts() });
}

/** Cached jobs (live or tombstone) that a complete walk did not see. */
function unseenJobs(cache: SyncContext['cache'], seen: ReadonlySet<string>): string[] {
  const gone: string[] = [];
  for (const chunk of cache.lookup.jobChunks()) {
    chunk.uuids.forEach((uuid, i) => {
      if (chunk.active[i] !== SUPERSEDED && !seen.has(uuid)) gone.push(uuid);
    });
  }
  return gone;
}

async function storePage(
  ctx: SyncContext,
  records: Parameters<SyncContext['cache']['write']>[0],
  page: Page<unknown>,
  next: ResumePoint,
  whileCommitting?: () => void,
): Promise<void> {
  const state = ctx.state();
  const jobs = records.jobs?.length ?? 0;
  const saved: StoredSyncState = {
    ...state,
    ...withSkipped(state, page.skipped),
    pagesDone: state.pagesDone + 1,
    jobsStored: state.jobsStored + jobs,
    resume: next,
  };
  await ctx.cache.write({ ...records, state: saved, ...(whileCommitting && { whileCommitting }) });
  ctx.publish({ ...saved, counts: ctx.cache.counts() });
}

async function askPersistence(ctx: SyncContext): Promise<void> {
  const state = ctx.state();
  if (ctx.requestPersistence === undefined || state.persisted === true) return;
  let persisted = false;
  try {
    persisted = await ctx.requestPersistence();
  } catch {
    persisted = false; // refused or unsupported: the cache still works, the browser may evict it
  }
  ctx.publish({ ...ctx.state(), persisted });
}
