import { expect, it } from 'vitest';
import { readRecord, uuidSerial } from '../../tests/support/read-records';
import { jobActivityRecord, jobAllocationRecord, type JobActivity, type JobAllocation } from '../api/schemas';
import { cacheDbName } from '../databases';
import type { MyJobs } from '../settings/kept-first-screen';
import { createMyJobs, myJobsOf } from './my-jobs';

// The records are read by their real schemas, as the platform's answer is: the job uuids are written here in capitals,
// and the schema lower-cases them (so a job is one key however the platform spelt it).

/** Job `n`'s uuid as the platform might write it, in capitals. */
const J = (n: number) => `0000000${n}-ABCD-4ABC-8ABC-ABCDEF012345`;
const uuidOf = uuidSerial();

const visit = (job: string, start: string, extra: Partial<Record<keyof JobActivity, unknown>> = {}) =>
  readRecord(jobActivityRecord)({
    uuid: uuidOf(),
    active: 1,
    job_uuid: job,
    start_date: start,
    end_date: start,
    activity_was_scheduled: 1,
    ...extra,
  });
const allocation = (job: string, extra: Partial<Record<keyof JobAllocation, unknown>> = {}) =>
  readRecord(jobAllocationRecord)({ uuid: uuidOf(), active: 1, job_uuid: job, completion_timestamp: null, ...extra });

it("makes the person's jobs with their next visit of theirs from today, and none for jobs with no visit ahead", () => {
  const jobs = myJobsOf(
    [
      visit(J(1), '2026-12-02 09:00:00'),
      visit(J(1), '2026-11-30 13:00:00'),
      visit(J(1), '2026-11-20 09:00:00'),
      visit(J(2), '2026-11-21 09:00:00'),
      visit(J(3), '2026-11-28 07:00:00'),
      visit(J(4), '2026-11-29 07:00:00', { activity_was_scheduled: 0 }),
      visit(J(5), '2026-11-29 07:00:00', { active: 0 }),
    ],
    [allocation(J(6)), allocation(J(7), { completion_timestamp: '2026-11-01 10:00:00' }), allocation(J(3))],
    '2026-11-28',
  );
  expect(jobs).toEqual({
    [J(1).toLowerCase()]: '2026-11-30',
    [J(2).toLowerCase()]: '',
    [J(3).toLowerCase()]: '2026-11-28',
    [J(6).toLowerCase()]: '',
  });
});

// A new worker (the browser stops the last one many times a day) reads the person's own jobs again only when
// storage.session does not keep this workspace's for today: two reads per worker start otherwise, every half hour.
it.each([
  ['this workspace’s today', { cacheName: cacheDbName('ACC', 'Me'), day: '2026-11-28' }, 0],
  ['yesterday’s', { cacheName: cacheDbName('ACC', 'Me'), day: '2026-11-27' }, 1],
  ['another person’s', { cacheName: cacheDbName('ACC', 'Other'), day: '2026-11-28' }, 1],
  ['nothing', null, 1],
])('a new worker with %s kept reads the person’s jobs %i time(s)', async (_what, kept, reads) => {
  const stored: MyJobs | null = kept && { ...kept, jobs: {} };
  let read = 0;
  const mine = createMyJobs({
    key: async () => ({ accountUuid: 'ACC', staffUuid: 'Me', baseUrl: 'http://x', scopes: [], mode: 'oauth' }),
    hasDay: () => true,
    timeZone: async () => 'UTC',
    read: async () => (read++, { visits: [], allocations: [] }),
    publish: async () => undefined,
    published: async () => stored,
    now: () => Date.UTC(2026, 10, 28, 12),
  });
  await mine.refresh();
  await mine.refresh();
  expect(read).toBe(reads);
});
