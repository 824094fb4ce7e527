// Full sync against the emulator at the spec's page size (1,000) and the real platform's (5,000):
// the cache must equal the server whatever size the platform pages in, keep its segments at
// SEGMENT_SIZE, answer lookups and search, be readable by the popup's reader, and resume after a
// cut at a page of 5,000.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SEGMENT_SIZE } from '../../../lib/cache';
import { openCacheReader } from '../../../lib/cache/reader/cache-reader';
import { openExistingDb } from '../../../lib/cache/reader/idb-read';
import { search } from '../../../lib/search';
import { createTypeahead } from '../../../lib/search/query/typeahead';
import { fingerprint, startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

// Three pages of 5,000 (the last one short), twelve of 1,000.
const JOBS = 11_500;

describe.each([1000, 5000])('full sync at page size %i', (pageSize) => {
  let platform: Platform;
  setUpFile(async (own) => {
    platform = own(await startPlatform({ jobs: JOBS, seed: 31, pageSize }));
  });
  const jobPages = Math.ceil(JOBS / pageSize);

  it('stores exactly what the server holds, in segments of SEGMENT_SIZE, found by lookup, search and the popup', async () => {
    const { requests, cache, sync, state, server, cached } = await platform.syncedFresh();
    expect(fingerprint(cached)).toEqual(fingerprint(server));
    expect(fingerprint(cached).distinct).toBe(JOBS);
    // The vendor, one company page, the job pages.
    expect(requests()).toBe(1 + 1 + jobPages + (await platform.customerReads()));
    expect(state).toMatchObject({
      phase: 'idle',
      lastError: null,
      skipped: 0,
      jobsStored: JOBS,
      pagesDone: 1 + jobPages,
    });
    const live = server.filter((j) => j.active);
    expect(state.counts).toMatchObject({
      jobs: live.length,
      tombstones: JOBS - live.length,
      segments: Math.ceil(JOBS / SEGMENT_SIZE),
    });
    const sizes = (await cache.db.getAll('jobSegments')).map((s) => s.count);
    expect(sizes.every((n) => n <= SEGMENT_SIZE)).toBe(true);

    // A job from every page of the walk, the last one included, by number and by search.
    const index = await sync.searchIndex();
    for (let at = 0; at < live.length; at += Math.floor(live.length / 23)) {
      const job = live[at]!;
      expect((await cache.getJobByNumber(job.generated_job_id))?.uuid).toBe(job.uuid);
      expect(search(index, job.generated_job_id)[0]?.uuid).toBe(job.uuid);
    }
    const last = live.at(-1)!;
    expect(search(index, last.generated_job_id)[0]?.uuid).toBe(last.uuid);

    // The popup's reader reads the stored index of this cache.
    const reader = await openCacheReader((await openExistingDb(cache.db.name))!);
    expect(reader.jobCount).toBe(live.length);
    expect(createTypeahead(reader.index!).search(last.generated_job_id)[0]?.uuid).toBe(last.uuid);
    reader.close();
    cache.close();
  });

  it('resumes a sync cut off after its first job page, reading only the pages after it', async () => {
    const cache = await platform.cache();
    await expect(platform.syncCutAfter(cache, pageSize)).rejects.toBeDefined(); // the first job page is stored
    const stopped = await cache.loadState();
    expect(stopped.resume).toMatchObject({ collection: 'jobs' });
    // The page stored whole, with the cursor after it: never a part of a page.
    expect(stopped.jobsStored).toBe(pageSize);
    expect(cache.counts().segments).toBe(pageSize / SEGMENT_SIZE);

    const second = await platform.client();
    const resumedSync = platform.sync({ client: second.api, cache });
    const resumed = await resumedSync.run();
    await resumedSync.customersSettled(); // the contacts are read after "synced", in the background
    expect(second.requests()).toBe(jobPages - 1 + (await platform.customerReads()));
    expect(resumed).toMatchObject({ phase: 'idle', lastError: null, jobsStored: JOBS });
    const cached = await cache.allJobs({ includeInactive: true });
    expect(fingerprint(cached)).toEqual(fingerprint(await platform.serverJobs()));
    const live = cached.filter((j) => j.active);
    const index = await platform.sync({ client: second.api, cache }).searchIndex();
    expect(search(index, live[10]!.generated_job_id)[0]?.uuid).toBe(live[10]!.uuid);
    cache.close();
  });
});
