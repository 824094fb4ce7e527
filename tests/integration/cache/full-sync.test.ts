import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { search } from '../../../lib/search';
import { WALK_MARKS } from '../../../lib/cache/sync/walk-marks';
import { fingerprint, startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: Platform;
/** After the jobs, the customer index's first read: the vendor (its country), one page of company
 * contacts and two of job contacts (lib/cache/sync/customer-sync.ts). */
const CUSTOMERS = 4;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: 4500, seed: 21 }));
});

describe('full sync against the emulator', () => {
  it('stores exactly what the server holds: same count, same content, no duplicates', async () => {
    const { requests, cache, sync, state, server, cached } = await platform.syncedFresh();
    expect(fingerprint(cached)).toEqual(fingerprint(server));
    expect(fingerprint(cached).distinct).toBe(server.length);
    // 1 vendor + 1 company page (225 companies) + 5 job pages, then the customers' contacts.
    expect(requests()).toBe(7 + CUSTOMERS);
    expect(state).toMatchObject({ phase: 'idle', lastError: null, skipped: 0, jobsStored: server.length });
    const live = server.filter((j) => j.active);
    expect(state.counts).toMatchObject({ jobs: live.length, tombstones: server.length - live.length, segments: 5 });
    expect(state.lastSyncedAt).not.toBeNull();

    // Lookups and search answer from the cache.
    const sample = live[1234]!;
    expect((await cache.getJobByNumber(sample.generated_job_id))?.uuid).toBe(sample.uuid);
    expect(search(await sync.searchIndex(), sample.generated_job_id)[0]?.uuid).toBe(sample.uuid);
    const company = await cache.getCompany(sample.company_uuid!);
    expect(company?.uuid).toBe(sample.company_uuid);
  });

  it('marks where its walk began and where its last page was stored, one mark of each however many syncs ran', async () => {
    // The bench splits a sync at these (bench/extension/walk-marks.ts): the statuses the pages get are paced.
    const edges = () =>
      [WALK_MARKS.start, WALK_MARKS.end].map((name) => {
        const marks = performance.getEntriesByName(name, 'mark');
        expect(marks).toHaveLength(1);
        return marks[0]!.startTime;
      });
    const before = performance.now();
    await platform.syncedFresh();
    const [firstStart, firstEnd] = edges();
    await platform.syncedFresh();
    const [start, end] = edges();
    expect(firstStart).toBeGreaterThanOrEqual(before);
    expect(firstEnd).toBeGreaterThan(firstStart!);
    expect(start).toBeGreaterThan(firstEnd!); // the second sync's own
    expect(end).toBeGreaterThan(start!);
    expect(end).toBeLessThanOrEqual(performance.now());
  });

  it('resumes a sync cut off mid-walk from its saved cursor, with fewer requests than starting over', async () => {
    const cache = await platform.cache();
    await expect(platform.syncCutAfter(cache, 2000)).rejects.toBeDefined(); // two of five job pages stored
    const stopped = await cache.loadState();
    expect(stopped.resume).toMatchObject({ collection: 'jobs' });
    expect(stopped.jobsStored).toBe(2000);

    // A new service worker: a new client and sync, state read back from the database.
    const second = await platform.client();
    const resumedSync = platform.sync({ client: second.api, cache });
    const resumed = await resumedSync.run();
    await resumedSync.customersSettled(); // the contacts are read after "synced", in the background
    const restartCost = 7 + CUSTOMERS; // vendor + company page + 5 job pages, then the contacts
    expect(second.requests()).toBeLessThan(restartCost);
    expect(second.requests()).toBe(3 + CUSTOMERS); // job pages 3, 4 and 5 only, then the contacts
    expect(resumed).toMatchObject({ phase: 'idle', lastError: null, jobsStored: 4500 });
    const server = await platform.serverJobs();
    const cached = await cache.allJobs({ includeInactive: true });
    expect(fingerprint(cached)).toEqual(fingerprint(server));
  });

  it('restarts the walk when the saved cursor has expired, replacing stored jobs instead of duplicating them', async () => {
    const cache = await platform.cache();
    await expect(platform.syncCutAfter(cache, 3000)).rejects.toBeDefined();
    // Page cursors expire (the emulator keeps them a day): two days later the saved one is refused.
    await platform.control.advanceClock(2 * 86_400);
    const second = await platform.client();
    const again = platform.sync({ client: second.api, cache });
    const done = await again.run();
    await again.customersSettled(); // the contacts are read after "synced", in the background
    expect(second.requests()).toBe(1 + 5 + CUSTOMERS); // the refused cursor, all five job pages again, the contacts
    expect(done).toMatchObject({ phase: 'idle', lastError: null, jobsStored: 4500 });
    const cached = await cache.allJobs({ includeInactive: true });
    expect(fingerprint(cached)).toEqual(fingerprint(await platform.serverJobs()));
    expect(await cache.db.count('jobSegments')).toBe(5);
  });

  it('marks the sync from its start: a job changed during the walk is caught by the next incremental sync', async () => {
    const cache = await platform.cache();
    const { api } = await platform.client();
    const server = await platform.serverJobs();
    const early = server.find((j) => j.active)!; // on the first job page, read before the change
    let changed = false;
    const sync = platform.sync({
      client: api,
      cache,
      onProgress: (s) => {
        if (s.jobsStored >= 3000 && !changed) {
          changed = true;
          void platform.control.updateRecord(platform.account.uuid, 'job', early.uuid, {
            job_description: 'Changed mid-walk',
          });
        }
      },
    });
    await sync.run();
    expect(changed).toBe(true);
    expect((await cache.getJob(early.uuid))?.job_description).not.toBe('Changed mid-walk');
    await sync.incremental();
    expect((await cache.getJob(early.uuid))?.job_description).toBe('Changed mid-walk');
    expect(fingerprint(await cache.allJobs({ includeInactive: true }))).toEqual(
      fingerprint(await platform.serverJobs()),
    );
  });
});
