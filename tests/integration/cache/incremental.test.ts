import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../lib/api/schemas';
import { openJobCache } from '../../../lib/cache';
import { readStoredIndex } from '../../../lib/cache/store/search-parts';
import { decodeJobs, segmentColumns } from '../../../lib/cache/store/segment-codec';
import { loadIndex, search, type SearchIndex } from '../../../lib/search';
import { fingerprint, startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: Platform;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: 3000, seed: 33 }));
});

const found = (index: SearchIndex, query: string, uuid: string) =>
  search(index, query, { limit: 50 }).some((r) => r.uuid === uuid);

describe('incremental sync against the emulator', () => {
  it('brings 10 changed jobs (edits, a deletion, a new job) in at most 2 requests, with tombstones and search updated', async () => {
    const { control, account } = platform;
    // The seed dates some jobs' last edit a minute or more before its "now" (today's jobs, at some
    // times of day): jobs within the incremental sync's overlap (2 minutes before the full sync's
    // mark), which it rightly reads again. Twenty minutes later, only this test's changes are new.
    await control.advanceClock(20 * 60);
    const { requests, cache, sync } = await platform.freshSync();
    await sync.run();
    const live = (await platform.serverJobs()).filter((j) => j.active);

    const edited = live.slice(100, 108);
    for (const [i, job] of edited.entries()) {
      await control.updateRecord(account.uuid, 'job', job.uuid, { job_description: `Replaced boiler flue zqx${i}` });
    }
    const deleted = live[2000]!;
    await platform.deleteJob(deleted.uuid);
    const companyUuid = live[5]!.company_uuid!;
    const created = await control.createRecord(account.uuid, 'job', {
      company_uuid: companyUuid,
      job_address: '12 Quokka Lane',
      job_description: 'Brand new job',
      status: 'Quote',
    });

    const before = requests();
    const state = await sync.incremental();
    expect(requests() - before).toBeLessThanOrEqual(2);
    expect(state).toMatchObject({ phase: 'idle', lastError: null, skipped: 0 });

    // The cache equals the server again, deletion kept as a tombstone.
    const server = await platform.serverJobs();
    const cached = await cache.allJobs({ includeInactive: true });
    expect(fingerprint(cached)).toEqual(fingerprint(server));
    expect(state.counts.tombstones).toBe(server.filter((j) => !j.active).length);
    expect(state.counts.jobs).toBe(server.filter((j) => j.active).length);

    // Edits: in lookups and in search.
    const index = await sync.searchIndex();
    for (const [i, job] of edited.entries()) {
      expect((await cache.getJob(job.uuid))?.job_description).toBe(`Replaced boiler flue zqx${i}`);
      expect(found(index, `flue zqx${i}`, job.uuid)).toBe(true);
    }
    // The deleted job: stored with active 0, gone from lookups and from search.
    expect(await cache.getJob(deleted.uuid)).toBeUndefined();
    expect(await cache.getJobByNumber(deleted.generated_job_id)).toBeUndefined();
    expect((await cache.getJob(deleted.uuid, { includeInactive: true }))?.active).toBe(false);
    expect(found(index, deleted.generated_job_id, deleted.uuid)).toBe(false);
    // The new job: in the tail segment, found by number and by address.
    const fresh = server.find((j) => j.uuid === created) as Job;
    expect((await cache.getJobByNumber(fresh.generated_job_id))?.uuid).toBe(created);
    expect(found(index, 'quokka', created)).toBe(true);
    // 3,000 seeded jobs fill three segments. The 10 changed jobs went to a fourth, the tail: their
    // old copies are only marked superseded, so none of the three full segments was rewritten.
    expect(state.counts.segments).toBe(4);
    const tailColumns = (await cache.db.get('jobSegments', 3))!.columns;
    const tail = decodeJobs(segmentColumns(tailColumns, await cache.db.get('jobLookup', 3)))
      .map((j) => j.uuid)
      .sort();
    expect(tail).toEqual([...edited.map((j) => j.uuid), deleted.uuid, created].sort());

    // The stored index (what the popup loads) has the same answers as the one in memory.
    const stored = loadIndex(await readStoredIndex(cache.db));
    expect(found(stored, 'quokka', created)).toBe(true);
    expect(found(stored, deleted.generated_job_id, deleted.uuid)).toBe(false);
  });

  it('follows a renamed customer into the search results of their jobs', async () => {
    const { control, account } = platform;
    const { cache, sync } = await platform.freshSync();
    await sync.run();
    const job = (await platform.serverJobs()).find((j) => j.active && j.company_uuid !== null)!;
    await control.updateRecord(account.uuid, 'company', job.company_uuid!, { name: 'Wombat Plumbing Cooperative' });
    await sync.incremental();
    expect((await cache.getCompany(job.company_uuid!))?.name).toBe('Wombat Plumbing Cooperative');
    expect(found(await sync.searchIndex(), 'wombat cooperative', job.uuid)).toBe(true);
    // A new worker loads the stored index and sees the same.
    const reopened = await openJobCache(cache.db);
    expect((await reopened.getJob(job.uuid))?.uuid).toBe(job.uuid);
    expect(found(loadIndex(await readStoredIndex(cache.db)), 'wombat', job.uuid)).toBe(true);
  });

  it("keeps each staff member's cache apart: a technician's holds exactly the jobs they may see", async () => {
    const tech = platform.staff('technician');
    const visible = await platform.control.visibleJobUuids(platform.account.uuid, tech.uuid);
    expect(visible.length).toBeGreaterThan(0);

    const techClient = await platform.client({ impersonate: tech.uuid });
    const techCache = await platform.cache(tech.uuid);
    const officeCache = await platform.cache('all');
    expect(techCache.db.name).not.toBe(officeCache.db.name);
    await platform.sync({ client: techClient.api, cache: techCache }).run();
    await platform.sync({ client: (await platform.client()).api, cache: officeCache }).run();

    const techJobs = await techCache.allJobs({ includeInactive: true });
    expect(techJobs.map((j) => j.uuid).sort()).toEqual([...visible].sort());
    expect(fingerprint(techJobs)).toEqual(fingerprint(await platform.serverJobs(visible)));
    const officeJobs = await officeCache.allJobs({ includeInactive: true });
    expect(officeJobs.length).toBe((await platform.serverJobs()).length);
    const hidden = officeJobs.find((j) => j.active && !visible.includes(j.uuid))!;
    expect(await techCache.getJob(hidden.uuid)).toBeUndefined();
    expect(await techCache.getJobByNumber(hidden.generated_job_id)).toBeUndefined();
  });

  it("a full refresh follows allocation changes into a technician's cache, which stays readable meanwhile", async () => {
    const { control, account } = platform;
    const tech = platform.staff('technician');
    const techClient = await platform.client({ impersonate: tech.uuid });
    const cache = await platform.cache(tech.uuid);
    let emptied = false;
    let syncedOnce = false;
    const sync = platform.sync({
      client: techClient.api,
      cache,
      onProgress: () => {
        if (cache.counts().jobs === 0 && syncedOnce) emptied = true;
      },
    });
    await sync.run();
    syncedOnce = true;
    const before = new Set(await control.visibleJobUuids(account.uuid, tech.uuid));

    // The office gives the technician a job, and takes every visit of another one away.
    const all = await platform.serverJobs();
    const given = all.find((j) => j.active && !before.has(j.uuid))!;
    await control.createRecord(account.uuid, 'jobactivity', {
      job_uuid: given.uuid,
      staff_uuid: tech.uuid,
      start_date: '2026-11-20 09:00:00',
      end_date: '2026-11-20 10:00:00',
    });
    const visits = (await control.listRecords(account.uuid, 'jobactivity')).filter(
      (a) => a.staff_uuid === tech.uuid && Number(a.active) === 1,
    );
    const taken = String(visits.find((a) => a.job_uuid !== given.uuid)!.job_uuid);
    for (const visit of visits.filter((a) => a.job_uuid === taken)) {
      await control.updateRecord(account.uuid, 'jobactivity', String(visit.uuid), { active: 0 });
    }
    const after = await control.visibleJobUuids(account.uuid, tech.uuid);
    expect(after).toContain(given.uuid);
    expect(after).not.toContain(taken);

    const state = await sync.full();
    expect(state).toMatchObject({ phase: 'idle', lastError: null });
    expect(emptied).toBe(false);
    const cached = await cache.allJobs({ includeInactive: true });
    expect(cached.map((j) => j.uuid).sort()).toEqual([...after].sort());
    expect((await cache.getJob(given.uuid))?.uuid).toBe(given.uuid);
    expect(await cache.getJob(taken, { includeInactive: true })).toBeUndefined();
    const index = await sync.searchIndex();
    const takenNumber = all.find((j) => j.uuid === taken)!.generated_job_id;
    expect(found(index, takenNumber, taken)).toBe(false);
    expect(found(index, given.generated_job_id, given.uuid)).toBe(true);
  });

  it("a full refresh reads only the companies changed since the last sync, and names the jobs by a renamed company's new name", async () => {
    const { control, account } = platform;
    const tech = platform.staff('technician');
    const companyReads: string[] = [];
    let vendorReads = 0;
    const techClient = await platform.client({
      impersonate: tech.uuid,
      answer: (response, url) => (
        url.pathname.endsWith('/company.json') && companyReads.push(url.searchParams.get('$filter') ?? 'every company'),
        url.pathname.endsWith('/vendor.json') && vendorReads++,
        response
      ),
    });
    const cache = await platform.cache(tech.uuid);
    const sync = platform.sync({ client: techClient.api, cache });
    await sync.run();
    // The customers' first build, after "synced", reads the vendor (the phone numbers' country): the first sync's
    // read, counted before the refresh's reads are.
    await sync.customersSettled();
    expect(companyReads.length).toBeGreaterThan(0);
    expect(companyReads.every((r) => r === 'every company')).toBe(true);

    const job = (await cache.allJobs()).find((j) => j.company_uuid !== null)!;
    await control.advanceClock(60);
    await control.updateRecord(account.uuid, 'company', job.company_uuid!, { name: 'Zebedee Plumbing Supplies' });
    companyReads.length = 0;
    vendorReads = 0;
    const state = await sync.full();
    expect(state).toMatchObject({ phase: 'idle', lastError: null });
    // One filtered read of the companies, not every company page again, and the account's time zone as the first
    // walk read it (no read of the vendor).
    expect(companyReads).toHaveLength(1);
    expect(vendorReads).toBe(0);
    expect(companyReads[0]).toMatch(/^edit_date gt '/);
    expect((await cache.allCompanies()).find((c) => c.uuid === job.company_uuid)?.name).toBe(
      'Zebedee Plumbing Supplies',
    );
    expect(found(await sync.searchIndex(), 'zebedee', job.uuid)).toBe(true);
  });
});
