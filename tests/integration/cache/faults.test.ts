import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CacheSync } from '../../../lib/cache';
import { search } from '../../../lib/search';
import { fingerprint, startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: Platform;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: 2500, seed: 44 }));
});
afterEach(async () => {
  await platform.control.clearFaults();
});

/** Runs the sync until one run succeeds (as the alarm would), at most `tries` times. */
async function untilDone(sync: CacheSync, tries: number) {
  let failures = 0;
  for (let i = 0; i < tries; i++) {
    try {
      return { state: await sync.run(), failures };
    } catch {
      failures++;
    }
  }
  throw new Error(`no successful sync in ${tries} tries`);
}

describe('sync under faults', () => {
  it('skips and counts malformed records without failing, and keeps the rest', async () => {
    const { control, account } = platform;
    const jobs = (await platform.serverJobs()).filter((j) => j.active);
    const broken = [jobs[10]!, jobs[1500]!, jobs[2200]!];
    await control.updateRecord(account.uuid, 'job', broken[0]!.uuid, { lat: 'north' }, { raw: true });
    await control.updateRecord(account.uuid, 'job', broken[1]!.uuid, { active: 'perhaps' }, { raw: true });
    await control.updateRecord(account.uuid, 'job', broken[2]!.uuid, { company_uuid: 'not-a-uuid' }, { raw: true });

    const { api } = await platform.client();
    const cache = await platform.cache();
    const state = await platform.sync({ client: api, cache }).run();
    expect(state).toMatchObject({ phase: 'idle', lastError: null, skipped: 3 });
    expect(state.skippedExamples.map((s) => s.uuid).sort()).toEqual(broken.map((j) => j.uuid).sort());
    expect(state.skippedExamples.find((s) => s.uuid === broken[0]!.uuid)?.reason).toMatch(/^lat: expected a number/);
    const all = await platform.serverJobs();
    const wellFormed = all.filter((j) => !broken.some((b) => b.uuid === j.uuid));
    expect(fingerprint(await cache.allJobs({ includeInactive: true }))).toEqual(fingerprint(wellFormed));
    expect(await cache.getJob(broken[0]!.uuid)).toBeUndefined();

    // Mended on the server: the next incremental sync brings them in and counts nothing skipped.
    for (const job of broken)
      await control.updateRecord(account.uuid, 'job', job.uuid, { lat: 1, active: 1, company_uuid: job.company_uuid });
    const after = await platform.sync({ client: api, cache }).run();
    expect(after.skipped).toBe(0);
    const repaired = await platform.serverJobs();
    expect(fingerprint(await cache.allJobs({ includeInactive: true }))).toEqual(fingerprint(repaired));
  });

  it('converges to the server with 5 % of requests failing (5xx, dropped connections) and a 429 burst', async () => {
    const { control, account } = platform;
    await control.injectFault({ kind: 'status', status: 503, rate: 0.05 });
    await control.injectFault({ kind: 'status', status: 500, rate: 0.05 });
    await control.injectFault({ kind: 'drop', rate: 0.05 });
    await control.injectFault({ kind: 'rate_limit', count: 3 });
    const { cache, sync } = await platform.freshSync();
    const full = await untilDone(sync, 5);
    expect(full.state.lastError).toBeNull();

    const live = (await platform.serverJobs()).filter((j) => j.active);
    for (const job of live.slice(40, 45))
      await control.updateRecord(account.uuid, 'job', job.uuid, { job_description: 'Faulty day fix' });
    await platform.deleteJob(live[50]!.uuid);
    await untilDone(sync, 5);

    expect((await control.stats()).faultsInjected).toBeGreaterThan(0);
    await control.clearFaults();
    const server = await platform.serverJobs();
    const cached = await cache.allJobs({ includeInactive: true });
    expect(fingerprint(cached)).toEqual(fingerprint(server));
    const index = await sync.searchIndex();
    expect(search(index, 'faulty day', { limit: 50 }).length).toBe(5);
    expect(search(index, live[50]!.generated_job_id).some((r) => r.uuid === live[50]!.uuid)).toBe(false);
  });
});
