import { describe, expect, it } from 'vitest';
import { customersPending } from './customer-store';
import { openJobCache } from './job-cache';
import { SEGMENT_SIZE } from './lookup';
import { decodeJobAt, segmentColumns, type StoredJobColumns } from './segment-codec';
import { planPlacement } from './segment-writer';
import { initialSyncState, type StoredSyncState } from './sync-state';
import { freshCache, makeCompany, makeJob, range, uuidOf } from '../testing/fixtures';

/** A stored segment's columns, whole: the four its lookup chunk holds read from the chunk stored with it. */
async function storedColumns(cache: Awaited<ReturnType<typeof freshCache>>, id: number, columns: StoredJobColumns) {
  return segmentColumns(columns, await cache.db.get('jobLookup', id));
}

describe('segments', () => {
  it('stores segments of many jobs, not one record per job', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 1000).map((n) => makeJob(n)) });
    await cache.write({ jobs: range(1000, 2000).map((n) => makeJob(n)) });
    await cache.write({ jobs: range(2000, 2500).map((n) => makeJob(n)) });
    const segments = await cache.db.getAll('jobSegments');
    expect(segments.map((s) => s.count)).toEqual([1000, 1000, 500]);
    expect(await cache.db.count('jobLookup')).toBe(3);
    expect(cache.counts()).toEqual({ jobs: 2500, tombstones: 0, companies: 0, segments: 3 });
  });

  it('fills the tail segment before opening a new one, and replaces known jobs in place', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 1500).map((n) => makeJob(n)) });
    const result = await cache.write({
      jobs: [makeJob(3, { job_description: 'changed' }), ...range(1500, 2100).map((n) => makeJob(n))],
    });
    expect(result).toEqual({ added: 600, replaced: 1 });
    const segments = await cache.db.getAll('jobSegments');
    expect(segments.map((s) => s.count)).toEqual([1000, 1000, 100]);
    expect(decodeJobAt(await storedColumns(cache, 0, segments[0]!.columns), 3).job_description).toBe('changed');
    expect(cache.counts().jobs).toBe(2100);
  });

  it('stores a job segment without the four columns its lookup chunk holds, every job read back exactly', async () => {
    const cache = await freshCache();
    const jobs = range(0, 1200).map((n) => {
      const job = makeJob(n, { active: n % 9 !== 4 });
      if (n % 3 === 0) job.date = null;
      if (n % 5 === 0) job.edit_date = null;
      if (n % 7 === 0) job.generated_job_id = '';
      return job;
    });
    await cache.write({ jobs });
    const segments = await cache.db.getAll('jobSegments');
    const inSegments = segments.flatMap((s) =>
      ['uuid', 'generated_job_id', 'date', 'edit_date'].filter((f) => f in s.columns),
    );
    expect(inSegments).toEqual([]);
    expect(await cache.allJobs({ includeInactive: true })).toEqual(jobs);
    const again = await openJobCache(cache.db);
    expect(await again.getJobs(jobs.map((j) => j.uuid))).toEqual(jobs.filter((j) => j.active));
    expect(await again.getJob(jobs[4]!.uuid, { includeInactive: true })).toEqual(jobs[4]);
  });

  it('splits a page larger than a segment into SEGMENT_SIZE segments, written with the state in one transaction', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 500).map((n) => makeJob(n)) });
    const state = {
      ...initialSyncState(),
      pagesDone: 1,
      resume: { collection: 'jobs' as const, cursor: uuidOf('job', 5500) },
    };
    await cache.write({ jobs: range(500, 5500).map((n) => makeJob(n)), state });
    const segments = await cache.db.getAll('jobSegments');
    // The tail filled first, then new segments of SEGMENT_SIZE, the last one partly.
    expect(segments.map((s) => s.count)).toEqual([
      SEGMENT_SIZE,
      SEGMENT_SIZE,
      SEGMENT_SIZE,
      SEGMENT_SIZE,
      SEGMENT_SIZE,
      500,
    ]);
    expect(await cache.db.count('jobLookup')).toBe(6);
    expect((await cache.loadState()).resume).toEqual(state.resume);
    expect((await cache.getJob(uuidOf('job', 5499)))?.uuid).toBe(uuidOf('job', 5499));
    expect((await cache.getJobByNumber(String(1000 + 2345)))?.uuid).toBe(uuidOf('job', 2345));
  });

  it('writes a batch all or nothing, even when the database refuses one of its values', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 500).map((n) => makeJob(n)) });
    // A state that cannot be stored (structured clone refuses functions), after the segments' puts.
    const refused = {
      ...initialSyncState(),
      resume: { collection: 'jobs', cursor: '-1', then: () => undefined },
    } as unknown as StoredSyncState;
    await expect(
      cache.write({ jobs: range(500, 5500).map((n) => makeJob(n)), state: refused, customersPending: true }),
    ).rejects.toThrow(/could not be cloned/);
    expect((await cache.db.getAll('jobSegments')).map((s) => s.count)).toEqual([500]);
    expect(await cache.db.get('sync', 'state')).toBeUndefined();
    expect(await customersPending(cache.db)).toBe(false); // the mark goes with the batch, or not at all
    expect(cache.counts()).toMatchObject({ jobs: 500, segments: 1 });
    expect(await cache.getJob(uuidOf('job', 600))).toBeUndefined();
  });

  it('stores the mark of a customers build owed with the batch that asks for it', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: [makeJob(1)] });
    expect(await customersPending(cache.db)).toBe(false);
    await cache.write({ state: initialSyncState(), customersPending: true });
    expect(await customersPending(cache.db)).toBe(true);
  });

  it('runs the work given to do while it commits once, before the write resolves, and still stores the batch', async () => {
    const cache = await freshCache();
    const order: string[] = [];
    await cache
      .write({ jobs: range(0, 1500).map((n) => makeJob(n)), whileCommitting: () => order.push('work') })
      .then(() => order.push('written'));
    expect(order).toEqual(['work', 'written']);
    expect((await cache.db.getAll('jobSegments')).map((s) => s.count)).toEqual([1000, 500]);
    expect(cache.counts().jobs).toBe(1500);
    expect(cache.lookup.jobLocation(makeJob(1200).uuid)).toEqual({ segment: 1, position: 200 });
  });

  it('keeps the later copy when a batch names a job twice', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: [makeJob(1, { status: 'Quote' }), makeJob(1, { status: 'Completed' })] });
    expect(cache.counts().jobs).toBe(1);
    expect((await cache.getJob(uuidOf('job', 1)))?.status).toBe('Completed');
  });

  it('plans placements as a table', () => {
    const locate = (uuid: string) => (uuid === 'a' ? { segment: 0, position: 5 } : undefined);
    const cases = [
      {
        records: ['a', 'b'],
        tail: { segment: 0, size: 999 },
        mode: 'in-place',
        replace: [0],
        append: [[0, 1]],
        supersede: [],
      },
      {
        records: ['b', 'c'],
        tail: { segment: 0, size: SEGMENT_SIZE },
        mode: 'in-place',
        replace: [],
        append: [[1, 2]],
        supersede: [],
      },
      {
        records: ['b'],
        tail: { segment: -1, size: 0 },
        mode: 'in-place',
        replace: [],
        append: [[0, 1]],
        supersede: [],
      },
      {
        records: ['a', 'a'],
        tail: { segment: 3, size: 10 },
        mode: 'in-place',
        replace: [0],
        append: [],
        supersede: [],
      },
      // append: a job outside the tail moves to it; inside a tail with room it stays.
      {
        records: ['a', 'b'],
        tail: { segment: 3, size: 10 },
        mode: 'append',
        replace: [],
        append: [[3, 2]],
        supersede: [0],
      },
      { records: ['a'], tail: { segment: 0, size: 999 }, mode: 'append', replace: [0], append: [], supersede: [] },
      {
        records: ['a'],
        tail: { segment: 0, size: SEGMENT_SIZE },
        mode: 'append',
        replace: [],
        append: [[1, 1]],
        supersede: [0],
      },
    ] as const;
    for (const c of cases) {
      const plan = planPlacement(
        c.records.map((uuid) => ({ uuid })),
        locate,
        c.tail,
        c.mode,
      );
      expect([...plan.replace.keys()]).toEqual(c.replace);
      expect([...plan.append].map(([segment, list]) => [segment, list.length])).toEqual(c.append);
      expect([...plan.supersede.keys()]).toEqual(c.supersede);
    }
  });
});

describe('lookups', () => {
  it('finds jobs by uuid and by job number, and keeps them after reopening', async () => {
    const cache = await freshCache();
    await cache.write({
      jobs: range(0, 2200).map((n) => makeJob(n)),
      companies: range(0, 7).map((n) => makeCompany(n)),
    });
    expect((await cache.getJob(uuidOf('job', 2100)))?.generated_job_id).toBe('3100');
    expect((await cache.getJob(uuidOf('job', 2100).toUpperCase()))?.uuid).toBe(uuidOf('job', 2100));
    expect((await cache.getJobByNumber('#1042'))?.uuid).toBe(uuidOf('job', 42));
    expect(await cache.getJob(uuidOf('job', 99_999))).toBeUndefined();
    expect(await cache.getJobByNumber('999999')).toBeUndefined();
    const order = [uuidOf('job', 1500), uuidOf('job', 2), uuidOf('job', 99_999), uuidOf('job', 2199)];
    expect((await cache.getJobs(order)).map((j) => j.uuid)).toEqual([order[0], order[1], order[3]]);
    expect((await cache.getCompany(uuidOf('company', 3)))?.name).toBe('Customer 3');

    const reopened = await openJobCache(cache.db);
    expect((await reopened.getJobByNumber('3199'))?.uuid).toBe(uuidOf('job', 2199));
    expect(reopened.counts()).toEqual({ jobs: 2200, tombstones: 0, companies: 7, segments: 3 });
  });

  it('lists the most recently edited jobs and the jobs of one day', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 60).map((n) => makeJob(n)) });
    const recent = await cache.listJobs({ limit: 3 });
    expect(recent.map((j) => j.edit_date)).toEqual([
      '2026-01-28 09:00:00',
      '2026-01-28 09:00:00',
      '2026-01-27 09:00:00',
    ]);
    const today = await cache.listJobs({ on: '2026-02-05' });
    expect(today.map((j) => j.uuid).sort()).toEqual([4, 32].map((n) => uuidOf('job', n)).sort());
  });
});

describe('tombstones', () => {
  it('keeps an inactive job stored but out of every lookup and list', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 30).map((n) => makeJob(n)) });
    await cache.write({ jobs: [makeJob(4, { active: false })] });
    expect(await cache.getJob(uuidOf('job', 4))).toBeUndefined();
    expect(await cache.getJobByNumber('1004')).toBeUndefined();
    expect((await cache.getJob(uuidOf('job', 4), { includeInactive: true }))?.active).toBe(false);
    expect((await cache.listJobs({ on: '2026-02-05' })).map((j) => j.uuid)).toEqual([]);
    expect((await cache.getJobs([uuidOf('job', 4), uuidOf('job', 5)])).map((j) => j.uuid)).toEqual([uuidOf('job', 5)]);
    expect(cache.counts()).toMatchObject({ jobs: 29, tombstones: 1 });
    expect((await cache.allJobs()).length).toBe(29);
    expect((await cache.allJobs({ includeInactive: true })).length).toBe(30);

    // Undeleted (active again): back in the lookups, in the same place.
    await cache.write({ jobs: [makeJob(4)] });
    expect((await cache.getJobByNumber('1004'))?.uuid).toBe(uuidOf('job', 4));
    expect(cache.counts()).toMatchObject({ jobs: 30, tombstones: 0, segments: 1 });
  });
});

describe('append placement (incremental sync) and compaction', () => {
  it('moves changed jobs to the tail, marking the old slot superseded without rewriting its segment', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 2500).map((n) => makeJob(n)) });
    const changed = [
      makeJob(5, { job_description: 'moved' }),
      makeJob(1500, { job_description: 'moved' }),
      makeJob(2400, { job_description: 'in tail' }),
    ];
    const result = await cache.write({
      jobs: [...changed, makeJob(9000), makeJob(7, { active: false })],
      placement: 'append',
    });
    expect(result).toEqual({ added: 1, replaced: 4 });

    const [seg0, seg1, tail] = await cache.db.getAll('jobSegments');
    // Untouched: only its chunk changed.
    expect(decodeJobAt(await storedColumns(cache, 0, seg0!.columns), 5).job_description).toBe('Job 5');
    expect(decodeJobAt(await storedColumns(cache, 1, seg1!.columns), 500).job_description).toBe('Job 1500');
    expect(tail!.count).toBe(504); // 500 + 2400 in place + 9000 + moved 5, 1500 and 7
    expect(decodeJobAt(await storedColumns(cache, 2, tail!.columns), 400).job_description).toBe('in tail');
    expect((await cache.db.get('jobLookup', 0))!.active[5]).toBe(2);

    for (const reader of [cache, await openJobCache(cache.db)]) {
      expect((await reader.getJob(uuidOf('job', 5)))?.job_description).toBe('moved');
      expect((await reader.getJobByNumber('2500'))?.job_description).toBe('moved');
      expect(await reader.getJob(uuidOf('job', 7))).toBeUndefined();
      expect((await reader.getJob(uuidOf('job', 7), { includeInactive: true }))?.active).toBe(false);
      expect(reader.counts()).toEqual({ jobs: 2500, tombstones: 1, companies: 0, segments: 3 });
      const all = await reader.allJobs({ includeInactive: true });
      expect(all.length).toBe(2501);
      expect(new Set(all.map((j) => j.uuid)).size).toBe(2501);
      expect(all.find((j) => j.uuid === uuidOf('job', 5))?.job_description).toBe('moved');
    }

    // Changed again: now it lives in the tail, so it is replaced there in place.
    await cache.write({ jobs: [makeJob(5, { job_description: 'again' })], placement: 'append' });
    expect((await cache.db.get('jobSegments', 2))!.count).toBe(504);
    expect((await cache.getJob(uuidOf('job', 5)))?.job_description).toBe('again');
    expect(cache.lookup.slots()).toEqual({ all: 2504, superseded: 3 });
  });

  it('changes scattered over many segments mark their old slots, and forgotten jobs leave every lookup', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 5000).map((n) => makeJob(n)) });
    // One change in each of the first four segments (moved to a new tail), and one job forgotten.
    const moved = [10, 1010, 2010, 3010];
    await cache.write({
      jobs: moved.map((n) => makeJob(n, { job_description: 'moved' })),
      placement: 'append',
      drop: [uuidOf('job', 4020)],
    });
    expect((await cache.db.getAll('jobSegments')).map((s) => s.count)).toEqual([1000, 1000, 1000, 1000, 1000, 4]);
    for (const reader of [cache, await openJobCache(cache.db)]) {
      for (const n of moved) {
        expect(reader.lookup.jobLocation(uuidOf('job', n))).toEqual({ segment: 5, position: moved.indexOf(n) });
        expect((await reader.getJobByNumber(String(1000 + n)))?.job_description).toBe('moved');
      }
      expect(reader.lookup.jobLocation(uuidOf('job', 4020))).toBeUndefined();
      expect(await reader.getJobByNumber('5020')).toBeUndefined();
      expect(await reader.getJob(uuidOf('job', 4020), { includeInactive: true })).toBeUndefined();
      expect(reader.counts()).toEqual({ jobs: 4999, tombstones: 0, companies: 0, segments: 6 });
      expect(reader.lookup.slots()).toEqual({ all: 5004, superseded: 5 });
    }
    // A second change to a segment already holding a superseded slot keeps the first mark.
    await cache.write({ jobs: [makeJob(20, { job_description: 'moved too' })], placement: 'append' });
    const reopened = await openJobCache(cache.db);
    expect((await reopened.getJob(uuidOf('job', 10)))?.job_description).toBe('moved');
    expect((await reopened.getJob(uuidOf('job', 20)))?.job_description).toBe('moved too');
    expect(reopened.lookup.slots()).toEqual({ all: 5005, superseded: 6 });
    expect((await reopened.allJobs()).length).toBe(4999);
  });

  it('compacts once superseded copies pile up, keeping every lookup', async () => {
    const cache = await freshCache();
    await cache.write({ jobs: range(0, 2500).map((n) => makeJob(n)) });
    await cache.write({ jobs: range(0, 500).map((n) => makeJob(n, { status: 'Completed' })), placement: 'append' });
    expect(await cache.compactIfNeeded()).toBe(0); // 500 of 3,000 slots: not yet
    await cache.write({ jobs: range(500, 1000).map((n) => makeJob(n, { status: 'Completed' })), placement: 'append' });
    expect(cache.lookup.slots()).toEqual({ all: 3500, superseded: 1000 });
    expect(await cache.compactIfNeeded()).toBe(1000);
    expect(cache.lookup.slots()).toEqual({ all: 2500, superseded: 0 });
    expect((await cache.db.getAll('jobSegments')).map((s) => s.count)).toEqual([1000, 1000, 500]);
    const reopened = await openJobCache(cache.db);
    expect(reopened.counts()).toEqual({ jobs: 2500, tombstones: 0, companies: 0, segments: 3 });
    expect((await reopened.getJobByNumber('1999'))?.status).toBe('Completed');
    expect((await reopened.getJob(uuidOf('job', 2100)))?.status).toBe('Work Order');
  });
});
