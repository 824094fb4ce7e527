import { describe, expect, it } from 'vitest';
import { applyChanges, readsNeeded, type ApplyTarget } from './apply-changes';
import type { FeedChange } from './types';
import type { LiveEvent } from '../messaging/views';
import type { Job } from '../api/schemas';
import { toUuid, type Uuid } from '../../contracts/uuid';

// Which changes a browser re-reads: the account's request budget is shared by every browser, so only the
// jobs it holds or shows, and notes only while a page could show one.

const HELD = toUuid('00000000-0000-4000-8000-000000000001');
const OTHER = toUuid('00000000-0000-4000-8000-000000000002');
const NOTE = toUuid('00000000-0000-4000-8000-000000000003');

const change = (object: string, uuid: Uuid): FeedChange => ({
  id: `p-${uuid}`,
  object,
  uuid,
  changed_fields: ['status'],
  time: '2026-11-21 07:00:00',
  resource_url: `http://127.0.0.1/api_1.0/${object}/${uuid}.json`,
});

function target(opts: { holds?: string[]; showsNotes?: boolean; heldEditDate?: string }) {
  const read: string[] = [];
  const upserted: Job[] = [];
  const t: ApplyTarget = {
    client: async () =>
      ({
        jobs: { get: async (uuid: string) => (read.push(`job/${uuid}`), { uuid }) },
        notes: {
          get: async (uuid: string) => (
            read.push(`note/${uuid}`),
            { uuid, related_object: 'job', related_object_uuid: HELD }
          ),
        },
      }) as never,
    upsertJobs: async (jobs) => void upserted.push(...jobs),
    broadcast: () => undefined,
    ...(opts.holds
      ? {
          holds: async (uuids: readonly string[]) =>
            new Map(uuids.filter((u) => opts.holds!.includes(u)).map((u) => [u, opts.heldEditDate ?? null] as const)),
        }
      : {}),
    ...(opts.showsNotes !== undefined ? { showsNotes: () => opts.showsNotes! } : {}),
  };
  return { t, read, upserted };
}

describe('applyChanges', () => {
  it('re-reads only the jobs this browser holds or shows', async () => {
    const { t, read } = target({ holds: [HELD] });
    const result = await applyChanges([change('job', HELD), change('job', OTHER)], t);
    expect(read).toEqual([`job/${HELD}`]);
    expect(result).toMatchObject({ jobs: 1, ignored: 1 });
  });

  it('reads no note while no open page could show one', async () => {
    const closed = target({ showsNotes: false });
    await applyChanges([change('note', NOTE)], closed.t);
    expect(closed.read).toEqual([]);
    const open = target({ showsNotes: true });
    await applyChanges([change('note', NOTE)], open.t);
    expect(open.read).toEqual([`note/${NOTE}`]);
  });
});

describe('a note the companion placed on its job', () => {
  it('is not read at all: pages showing its job are told, if this browser holds the job', async () => {
    const events: unknown[] = [];
    const { t, read } = target({ holds: [HELD], showsNotes: true });
    t.broadcast = (e) => void events.push(e);
    await applyChanges(
      [
        { ...change('note', NOTE), job_uuid: HELD },
        { ...change('note', OTHER), job_uuid: OTHER },
      ],
      t,
    );
    expect(read).toEqual([]);
    expect(events).toEqual([{ type: 'jobs.changed', uuids: [HELD] }]);
  });
});

// Issue 18: the companion reads a changed job once for the whole account and puts the record on the change.
const record = (uuid: string, over: Record<string, unknown> = {}) => ({
  uuid,
  active: 1,
  edit_date: '2026-11-21 07:00:00',
  generated_job_id: '1042',
  status: 'Work Order',
  job_address: '12 Oak Street',
  ...over,
});

describe('a job change carrying the record the companion read', () => {
  it('a browser holding the job takes the record and reads nothing; one that does not hold it ignores it', async () => {
    const { t, read, upserted } = target({ holds: [HELD] });
    const result = await applyChanges(
      [
        { ...change('job', HELD), record: record(HELD) },
        { ...change('job', OTHER), record: record(OTHER) },
      ],
      t,
    );
    expect(read).toEqual([]);
    expect(upserted.map((j) => [j.uuid, j.status, j.job_address])).toEqual([[HELD, 'Work Order', '12 Oak Street']]);
    expect(result).toMatchObject({ jobs: 1, carried: 1, ignored: 1 });
  });

  it('a job it does not hold is taken when the change is its record (`yours: record`), and not otherwise', async () => {
    const named = target({ holds: [] });
    await applyChanges([{ ...change('job', OTHER), record: record(OTHER), yours: 'record' }], named.t);
    expect(named.upserted.map((j) => j.uuid)).toEqual([OTHER]);
    const other = target({ holds: [] });
    await applyChanges([{ ...change('job', OTHER), yours: 'none' }], other.t);
    expect([other.upserted, other.read]).toEqual([[], []]);
  });

  it('a job the companion could not ask about for this staff member (`yours: read`) is read by the browser itself', async () => {
    const unchecked = target({ holds: [] });
    const result = await applyChanges([{ ...change('job', OTHER), yours: 'read' }], unchecked.t);
    expect(unchecked.read).toEqual([`job/${OTHER}`]);
    // The job as the platform answered this staff member.
    expect(unchecked.upserted.map((j) => [j.uuid, j.job_address])).toEqual([[OTHER, undefined]]);
    expect(result).toMatchObject({ jobs: 1, carried: 0 });
  });

  it('a record that fails the check, or names another job, is not taken: a holder reads the job itself and the bad record is counted', async () => {
    const reports: string[] = [];
    const { t, read, upserted } = target({ holds: [HELD, OTHER] });
    const result = await applyChanges(
      [
        { ...change('job', HELD), record: record(HELD, { edit_date: 42 }) },
        { ...change('job', OTHER), record: record(HELD) },
      ],
      t,
      (message) => void reports.push(message),
    );
    expect(read.sort()).toEqual([`job/${HELD}`, `job/${OTHER}`].sort());
    expect(upserted.every((j) => j.job_address === undefined)).toBe(true);
    expect(result).toMatchObject({ badRecords: 2, carried: 0 });
    expect(reports.filter((r) => r.includes('did not pass the check'))).toHaveLength(2);
  });

  it('two records of one job in a batch, the newer first (notifications out of order): the newer is kept', async () => {
    const { t, upserted } = target({ holds: [HELD], heldEditDate: '2026-11-21 06:00:00' });
    const newer = record(HELD, { edit_date: '2026-11-21 07:05:00', status: 'Completed' });
    await applyChanges(
      [
        { ...change('job', HELD), id: 'p-2', record: newer },
        { ...change('job', HELD), id: 'p-1', record: record(HELD) },
      ],
      t,
    );
    expect(upserted.map((j) => [j.uuid, j.status])).toEqual([[HELD, 'Completed']]);
  });

  it('a copy newer than the record (a sync ran after the companion read it) is kept', async () => {
    const { t, read, upserted } = target({ holds: [HELD], heldEditDate: '2026-11-21 07:05:00' });
    const result = await applyChanges([{ ...change('job', HELD), record: record(HELD) }], t);
    expect([upserted, read]).toEqual([[], []]);
    expect(result).toMatchObject({ jobs: 0, ignored: 1 });
  });
});

describe('a job named for this browser', () => {
  it('a job named for this browser but without a record is read: the platform said this staff member sees it', async () => {
    const { t, read, upserted } = target({ holds: [] });
    await applyChanges([{ ...change('job', OTHER), yours: 'record' }], t);
    expect(read).toEqual([`job/${OTHER}`]);
    expect(upserted.map((j) => j.uuid)).toEqual([OTHER]);
  });
});

describe('a visit booked or moved', () => {
  const VISIT = toUuid('00000000-0000-4000-8000-0000000000cc');
  const visit = (over: Partial<FeedChange>): FeedChange => ({
    ...change('jobactivity', VISIT),
    changed_fields: ['staff_uuid'],
    ...over,
  });

  it("gives its staff member's browser the job with its record, and reads nothing", async () => {
    const { t, read, upserted } = target({ holds: [] });
    const result = await applyChanges([visit({ job_uuid: OTHER, record: record(OTHER), yours: 'record' })], t);
    expect(read).toEqual([]);
    expect(upserted.map((j) => j.uuid)).toEqual([OTHER]);
    expect(result).toMatchObject({ jobs: 1, carried: 1 });
  });

  it('is ignored by anyone else, and without a record by everyone', async () => {
    const other = target({ holds: [] });
    await applyChanges([visit({ job_uuid: OTHER, yours: 'none' })], other.t);
    const bare = target({ holds: [OTHER] });
    const result = await applyChanges([visit({ job_uuid: OTHER })], bare.t);
    expect([other.upserted, other.read, bare.upserted, bare.read]).toEqual([[], [], [], []]);
    expect(result).toMatchObject({ ignored: 1 });
  });

  it("tells open pages which visits changed, their jobs, and whether one is the reader's own, after the jobs are stored", async () => {
    const SECOND = toUuid('00000000-0000-4000-8000-0000000000cd');
    const order: string[] = [];
    const events: LiveEvent[] = [];
    const { t } = target({ holds: [] });
    t.upsertJobs = async () => void order.push('stored');
    t.broadcast = (e) => void (order.push(e.type), events.push(e));
    await applyChanges(
      [
        visit({ job_uuid: OTHER, record: record(OTHER), yours: 'record', your_visit: true }),
        { ...visit({ yours: 'none' }), id: 'p-again' }, // the same visit again, its job unknown
        { ...change('jobactivity', SECOND), job_uuid: HELD, yours: 'none' },
      ],
      t,
    );
    expect(order).toEqual(['stored', 'visits.changed']);
    expect(events).toEqual([{ type: 'visits.changed', uuids: [VISIT, SECOND], jobs: [OTHER, HELD], yours: true }]);

    // Someone else's visit: the pages are told of it (a day listing it re-reads), but not that it is theirs.
    const office = target({ holds: [OTHER] });
    const told: LiveEvent[] = [];
    office.t.broadcast = (e) => void told.push(e);
    await applyChanges([visit({ job_uuid: OTHER, yours: 'none' })], office.t);
    expect(told).toEqual([{ type: 'visits.changed', uuids: [VISIT], jobs: [OTHER], yours: false }]);
  });

  it('tells nothing of visits when none changed', async () => {
    const told: LiveEvent[] = [];
    const { t } = target({ holds: [HELD] });
    t.broadcast = (e) => void told.push(e);
    await applyChanges([change('job', HELD)], t);
    expect(told.filter((e) => e.type === 'visits.changed')).toEqual([]);
  });
});

describe('readsNeeded (what a catch-up would cost)', () => {
  it('counts exactly the reads applying the changes makes', async () => {
    const changes: FeedChange[] = [
      change('job', HELD),
      change('job', OTHER),
      { ...change('job', OTHER), record: record(OTHER), yours: 'record' },
      { ...change('job', HELD), record: record(HELD, { edit_date: 42 }) },
      change('note', NOTE),
      { ...change('note', NOTE), job_uuid: HELD },
      change('company', OTHER),
    ];
    for (const showsNotes of [true, false]) {
      const { t, read } = target({ holds: [HELD], showsNotes });
      const needed = await readsNeeded(changes, t);
      await applyChanges(changes, t, () => undefined);
      expect(needed).toBe(read.length);
      expect(needed).toBe(showsNotes ? 3 : 2);
    }
  });
});
