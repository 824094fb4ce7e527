import { expect, it } from 'vitest';
import type { JobActivity, JobAllocation } from '../api/schemas';
import { myJobsOf } from './my-jobs';

const visit = (job: string, start: string, extra: Partial<JobActivity> = {}) =>
  ({
    uuid: `v-${job}-${start}`,
    active: true,
    job_uuid: job,
    staff_uuid: 'me',
    start_date: start,
    end_date: start,
    activity_was_scheduled: true,
    ...extra,
  }) as JobActivity;
const allocation = (job: string, extra: Partial<JobAllocation> = {}) =>
  ({
    uuid: `a-${job}`,
    active: true,
    job_uuid: job,
    staff_uuid: 'me',
    completion_timestamp: null,
    ...extra,
  }) as JobAllocation;

it("makes the person's jobs with their next visit of theirs from today, and none for jobs with no visit ahead", () => {
  const jobs = myJobsOf(
    [
      visit('J1', '2026-12-02 09:00:00'),
      visit('J1', '2026-11-30 13:00:00'),
      visit('J1', '2026-11-20 09:00:00'),
      visit('J2', '2026-11-21 09:00:00'),
      visit('J3', '2026-11-28 07:00:00'),
      visit('J4', '2026-11-29 07:00:00', { activity_was_scheduled: false }),
      visit('J5', '2026-11-29 07:00:00', { active: false }),
    ],
    [allocation('J6'), allocation('J7', { completion_timestamp: '2026-11-01 10:00:00' }), allocation('J3')],
    '2026-11-28',
  );
  expect(jobs).toEqual({ j1: '2026-11-30', j2: '', j3: '2026-11-28', j6: '' });
});
