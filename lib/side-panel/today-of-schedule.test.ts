import { expect, it } from 'vitest';
import { readRecord, uuidSerial } from '../../tests/support/read-records';
import { jobActivityRecord, jobAllocationRecord, type JobActivity, type JobAllocation } from '../api/schemas';
import { createScheduleReads, todayOfSchedule, type Schedule } from './today-of-schedule';

// Today's jobs out of the person's schedule, by the day plan's rules: the records are read by their real schemas, as
// the platform's answer is.

const ME = '99999999-0000-4000-8000-000000000001';
const OTHER = '99999999-0000-4000-8000-000000000002';
const J = (n: number) => `0000000${n}-abcd-4abc-8abc-abcdef012345`;
const uuidOf = uuidSerial();

const activity = (job: string, start: string, end: string, extra: Partial<Record<keyof JobActivity, unknown>> = {}) =>
  readRecord(jobActivityRecord)({
    uuid: uuidOf(),
    active: 1,
    job_uuid: job,
    staff_uuid: ME,
    start_date: start,
    end_date: end,
    activity_was_scheduled: 1,
    ...extra,
  });
const allocation = (job: string, extra: Partial<Record<keyof JobAllocation, unknown>> = {}) =>
  readRecord(jobAllocationRecord)({
    uuid: uuidOf(),
    active: 1,
    job_uuid: job,
    staff_uuid: ME,
    allocation_date: '2026-11-20',
    completion_timestamp: null,
    ...extra,
  });

it("makes today's jobs as the side panel's day does: visits by time, then jobs given without a time", () => {
  const late = activity(J(1), '2026-11-28 15:00:00', '2026-11-28 16:00:00');
  const early = activity(J(2), '2026-11-28 08:00:00', '2026-11-28 09:00:00');
  const schedule: Schedule = {
    visits: [
      late,
      early,
      activity(J(3), '2026-11-27 08:00:00', '2026-11-27 09:00:00'), // yesterday
      activity(J(4), '2026-11-29 08:00:00', '2026-11-29 09:00:00'), // tomorrow
      activity(J(5), '2026-11-28 10:00:00', '2026-11-28 11:00:00', { staff_uuid: OTHER }),
      activity(J(6), '2026-11-28 10:00:00', '2026-11-28 11:00:00', { active: 0 }),
      // Time recorded on site with no visit that day: the job is the day's, after the given ones.
      activity(J(7), '2026-11-28 12:00:00', '2026-11-28 12:30:00', {
        activity_was_scheduled: 0,
        activity_was_recorded: 1,
      }),
    ],
    allocations: [
      allocation(J(8)),
      allocation(J(2)), // visited today: once, at its visit
      allocation(J(9), { completion_timestamp: '2026-11-25 10:00:00' }),
      allocation(J(4), { allocation_date: '2026-11-29' }),
    ],
  };
  expect(todayOfSchedule(schedule, ME, '2026-11-28')).toEqual({
    jobs: [J(2), J(1), J(8), J(7)],
    visits: { [early.uuid]: J(2), [late.uuid]: J(1) },
  });
});

it('reads a staff member’s schedule once for both readers, and again after a failure or for another range', async () => {
  const asked: string[] = [];
  let fail = true;
  const { read: schedule } = createScheduleReads(async (staff, range) => {
    asked.push(`${staff} ${range.from}`);
    if (fail) throw new Error('offline');
    return { visits: [], allocations: [] };
  });
  const range = { from: '2026-10-29 00:00:00', to: '2027-11-29 00:00:00' };
  await expect(schedule(ME, range)).rejects.toThrow('offline');
  fail = false;
  await schedule(ME, range);
  await schedule(ME, range);
  await schedule(ME, { ...range, from: '2026-10-30 00:00:00' });
  expect(asked).toEqual([`${ME} ${range.from}`, `${ME} ${range.from}`, `${ME} 2026-10-30 00:00:00`]);
});

it('reads the schedule afresh once a run of the readers is over (a sign-out and in again the same day)', async () => {
  let reads = 0;
  const schedule = createScheduleReads(async () => {
    reads += 1;
    return { visits: [], allocations: [] };
  });
  const range = { from: '2026-10-29 00:00:00', to: '2027-11-29 00:00:00' };
  await schedule.read(ME, range);
  await schedule.read(ME, range);
  expect(reads).toBe(1);
  schedule.forget();
  await schedule.read(ME, range);
  expect(reads).toBe(2);
});
