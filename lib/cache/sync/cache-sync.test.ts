// The sync service against an in-memory platform (the real emulator is in tests/integration/cache).
import { describe, expect, it } from 'vitest';
import type { PageOptions } from '../../api/client';
import { paginate } from '../../api/paginate';
import type { Company, Job } from '../../api/schemas';
import { search, type SearchIndex } from '../../search';
import { createCacheSync } from './cache-sync';
import type { SyncSource } from './sync-context';
import type { SyncState } from '../store/sync-state';
import { freshCache, makeCompany, makeJob, makeVendor, range, uuidOf } from '../testing/fixtures';

const PAGE = 1000;
const cursorAt = (position: number) => uuidOf('company', 0xc0000000 + position);

function memorySource(jobs: unknown[], companies: Company[]) {
  let requests = 0;
  const pages =
    <R>(all: unknown[]) =>
    (opts: PageOptions = {}) =>
      paginate<R>({
        label: 'memory',
        ...(opts.cursor === undefined ? {} : { cursor: opts.cursor }),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
        parse: (raw) =>
          typeof raw === 'object' && raw !== null && 'uuid' in raw
            ? { ok: true, value: raw as R }
            : { ok: false, skipped: { uuid: null, reason: 'not a record' } },
        fetchPage: async (cursor) => {
          requests++;
          await new Promise((r) => setTimeout(r, 1));
          const from = cursor === '-1' ? 0 : parseInt(cursor.slice(-8), 16) - 0xc0000000;
          const next = from + PAGE < all.length ? cursorAt(from + PAGE) : null;
          return { body: all.slice(from, from + PAGE), nextCursor: next };
        },
      });
  const vendor = makeVendor();
  const source: SyncSource = {
    jobs: { pages: pages<Job>(jobs) },
    companies: { pages: pages<Company>(companies) },
    vendor: { get: async () => vendor },
  };
  return { source, requests: () => requests };
}

describe('createCacheSync', () => {
  it('syncs everything once for two concurrent callers, asks for persistent storage, counts malformed records', async () => {
    const cache = await freshCache();
    const jobs: unknown[] = range(0, 2500).map((n) => makeJob(n));
    jobs.splice(1200, 0, 'not a job', { no: 'uuid' });
    const { source, requests } = memorySource(
      jobs,
      range(0, 7).map((n) => makeCompany(n)),
    );
    const progress: SyncState[] = [];
    let asked = 0;
    const sync = createCacheSync({
      client: source,
      cache,
      now: () => Date.parse('2026-03-01T00:00:00Z'),
      onProgress: (s) => progress.push(s),
      requestPersistence: async () => ++asked > 0,
    });
    const [a, b] = await Promise.all([sync.run(), sync.run()]);
    expect(a).toEqual(b);
    expect(requests()).toBe(4); // 1 company page + 3 job pages: the second caller joined the first
    expect(asked).toBe(1);
    expect(a).toMatchObject({
      phase: 'idle',
      pagesDone: 4,
      jobsStored: 2500,
      skipped: 2,
      lastError: null,
      persisted: true,
    });
    expect(a.counts).toEqual({ jobs: 2500, tombstones: 0, companies: 7, segments: 3 });
    expect(a.lastSyncedAt).toBe(Date.parse('2026-03-01T00:00:00Z'));
    expect(progress.some((s) => s.phase === 'full' && s.pagesDone === 2)).toBe(true);
    const index = await sync.searchIndex();
    expect(search(index, '3042')[0]?.uuid).toBe(uuidOf('job', 2042));
    expect((await cache.getJobByNumber('3499'))?.uuid).toBe(uuidOf('job', 2499));
  });

  it("sends the first job page's request before the last company page's write starts", async () => {
    // The request is asked for as the last company page comes in; a client's way to fetch is a chain of promise steps
    // (limiter, hooks), and the company page's write must not run before it, or the platform idles meanwhile.
    const cache = await freshCache();
    const events: string[] = [];
    const { source } = memorySource(
      range(0, 1500).map((n) => makeJob(n)),
      range(0, 7).map((n) => makeCompany(n)),
    );
    const jobPages = source.jobs.pages;
    source.jobs.pages = (opts = {}) => {
      const pages = jobPages(opts);
      const next = pages.next.bind(pages);
      let first = opts.cursor === '-1';
      pages.next = async () => {
        if (first) {
          first = false;
          for (let step = 0; step < 50; step++) await Promise.resolve();
          events.push('first job request');
        }
        return next();
      };
      return pages;
    };
    const write = cache.write;
    cache.write = (batch) => {
      if (batch.companies !== undefined) events.push('companies written');
      return write(batch);
    };
    await createCacheSync({ client: source, cache, now: () => Date.parse('2026-03-01T00:00:00Z') }).run();
    expect(events).toEqual(['first job request', 'companies written']);
  });

  it('a search index asked for during the first sync is the one it finishes with, never a partial one stored over it', async () => {
    // The background asks for the index while the first sync still stores pages (today's jobs published early, the
    // omnibox): one rebuilt from the pages stored so far was kept in memory and stored over the sync's own, and the
    // popup's first screen and its search then missed every later page's jobs.
    const cache = await freshCache();
    const { source } = memorySource(
      range(0, 2500).map((n) => makeJob(n)),
      [makeCompany(0)],
    );
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const jobPages = source.jobs.pages;
    let pagesAsked = 0;
    source.jobs.pages = (opts = {}) => {
      const pages = jobPages(opts);
      const next = pages.next.bind(pages);
      pages.next = async () => {
        if (++pagesAsked === 3) await gate; // the last page waits until the index has been asked for
        return next();
      };
      return pages;
    };
    const asked: Array<Promise<SearchIndex>> = [];
    const sync = createCacheSync({
      client: source,
      cache,
      onProgress: (state) => {
        if (asked.length > 0 || state.jobsStored < 1000) return;
        asked.push(sync.searchIndex());
        // Held until the index is answered, or long enough for a partial one to have been rebuilt and stored.
        void Promise.race([asked[0], new Promise((r) => setTimeout(r, 200))]).then(release);
      },
    });
    await sync.run();
    expect(asked, 'the index was asked for during the sync').toHaveLength(1);
    const mid = await asked[0]!;
    expect(search(mid, '3499')[0]?.uuid, "the index asked for mid-sync has the last page's jobs").toBe(
      uuidOf('job', 2499),
    );
    expect(search(await sync.searchIndex(), '3499')[0]?.uuid).toBe(uuidOf('job', 2499));
    const reloaded = createCacheSync({ client: source, cache }); // a new worker, or the popup, reads the stored parts
    expect(search(await reloaded.searchIndex(), '3499')[0]?.uuid, 'the stored index').toBe(uuidOf('job', 2499));
  });

  it("a finished cache's index is answered at once while a full refresh walks, from what is stored", async () => {
    const cache = await freshCache();
    const { source } = memorySource(
      range(0, 2500).map((n) => makeJob(n)),
      [makeCompany(0)],
    );
    await createCacheSync({ client: source, cache }).run();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const jobPages = source.jobs.pages;
    source.jobs.pages = (opts = {}) => {
      const pages = jobPages(opts);
      const next = pages.next.bind(pages);
      pages.next = async () => {
        await gate; // the refresh's walk is held until the index has been answered
        return next();
      };
      return pages;
    };
    const sync = createCacheSync({ client: source, cache }); // a new worker: nothing loaded yet
    const refresh = sync.full();
    const index = await sync.searchIndex();
    expect(sync.running(), 'the refresh still walks').toBe(true);
    expect(search(index, '3499')[0]?.uuid).toBe(uuidOf('job', 2499));
    release();
    await refresh;
  });

  it('an incremental sync rewrites only the small part of the search index, not its main segment', async () => {
    const cache = await freshCache();
    const jobs = range(0, 1500).map((n) => makeJob(n));
    const { source } = memorySource(jobs, [makeCompany(0)]);
    const sync = createCacheSync({ client: source, cache });
    await sync.run();
    const batches: Array<Parameters<typeof cache.write>[0]> = [];
    const write = cache.write;
    cache.write = async (batch) => {
      batches.push(batch);
      return write(batch);
    };
    jobs[7] = makeJob(7, { job_description: 'Descaled the kettle' });
    await sync.incremental();
    expect(batches.map((b) => b.search?.withMain)).toEqual([false]);
    expect(search(await sync.searchIndex(), 'kettle')[0]?.uuid).toBe(uuidOf('job', 7));
    const reloaded = createCacheSync({ client: source, cache }); // a new worker reads the stored parts
    expect(search(await reloaded.searchIndex(), 'kettle')[0]?.uuid).toBe(uuidOf('job', 7));
  });

  it('names customers from every stored company page after resuming in the middle of the companies', async () => {
    const cache = await freshCache();
    const companies = range(0, 2500).map((n) => makeCompany(n, { name: `Firm ${n} Zed${n}` }));
    const jobs = range(0, 30).map((n) => makeJob(n, { company_uuid: uuidOf('company', n * 80) }));
    const { source } = memorySource(jobs, companies);
    const controller = new AbortController();
    const cut = createCacheSync({ client: source, cache, onProgress: (s) => s.pagesDone === 1 && controller.abort() });
    await expect(cut.run({ signal: controller.signal })).rejects.toBeDefined();
    expect((await cache.loadState()).resume?.collection).toBe('companies');
    const sync = createCacheSync({ client: source, cache });
    await sync.run();
    const index = await sync.searchIndex();
    // Job 3's customer (company 240) was on the company page stored before the stop.
    expect(search(index, 'zed240')[0]?.uuid).toBe(uuidOf('job', 3));
    expect(search(index, 'zed2320')[0]?.uuid).toBe(uuidOf('job', 29));
  });

  it('reports running out of quota in words, and the next run goes on from the last stored page', async () => {
    const cache = await freshCache();
    const { source, requests } = memorySource(
      range(0, 3000).map((n) => makeJob(n)),
      [makeCompany(0)],
    );
    const write = cache.write;
    let writes = 0;
    cache.write = async (batch) => {
      if (++writes === 3) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return write(batch);
    };
    const sync = createCacheSync({ client: source, cache });
    const failure = await sync.run().catch((e: unknown) => e);
    expect((failure as Error).name).toBe('QuotaExceededError');
    const failed = await sync.state();
    expect(failed.phase).toBe('error');
    expect(failed.lastError).toMatch(/no storage space left.*quota exceeded/);
    expect(failed.pagesDone).toBe(2); // companies + the first job page were stored
    expect((await cache.loadState()).lastError).toMatch(/quota/); // stored too

    const before = requests();
    const done = await sync.run();
    expect(done).toMatchObject({ phase: 'idle', lastError: null, jobsStored: 3000 });
    expect(done.counts.jobs).toBe(3000);
    expect(requests() - before).toBeLessThanOrEqual(3); // pages 2 and 3 (+ the prefetched one), not all four
  });

  it('an aborted sync says so and resumes where it stopped', async () => {
    const cache = await freshCache();
    const { source, requests } = memorySource(
      range(0, 5000).map((n) => makeJob(n)),
      [makeCompany(0)],
    );
    const controller = new AbortController();
    const sync = createCacheSync({
      client: source,
      cache,
      onProgress: (s) => {
        if (s.jobsStored >= 2000) controller.abort();
      },
    });
    await expect(sync.run({ signal: controller.signal })).rejects.toBeDefined();
    const stopped = await sync.state();
    expect(stopped.phase).toBe('idle');
    expect(stopped.lastError).toMatch(/stopped before it finished/);
    const fetched = requests();
    const resumed = createCacheSync({ client: source, cache }); // a new worker: state comes from the database
    const done = await resumed.run();
    expect(done.counts.jobs).toBe(5000);
    // 6 pages in all (1 company, 5 job); 3 were stored before the stop, so the resumed run reads
    // at most the other 3 (plus the one prefetched when it stopped), not all 6 again.
    expect(requests() - fetched).toBeLessThanOrEqual(3);
    expect(new Set((await cache.allJobs()).map((j) => j.uuid)).size).toBe(5000);
  });
});
