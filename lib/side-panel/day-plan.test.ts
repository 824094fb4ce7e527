import { describe, expect, it } from 'vitest';
import type { Uuid } from '../../contracts/uuid';
import type { JobActivity, JobAllocation } from '../api/schemas';
import { allocatedOn, planDay } from './day-plan';

/** The short names these tests give records ('A', 'me'), standing for the uuids a parsed record holds. */
const id = (name: string) => name as Uuid;
const DAY = { from: '2026-11-21 00:00:00', to: '2026-11-22 00:00:00' };
let n = 0;
const activity = (
  job: string,
  start: string,
  end: string | null,
  kind: 'scheduled' | 'recorded' | 'both' | 'neither',
  extra: Partial<JobActivity> = {},
): JobActivity => ({
  uuid: id(`a${String(++n).padStart(3, '0')}`),
  active: true,
  edit_date: null,
  job_uuid: id(job),
  staff_uuid: id('me'),
  start_date: `2026-11-21 ${start}:00`,
  end_date: end && `2026-11-21 ${end}:00`,
  activity_was_scheduled: kind === 'scheduled' || kind === 'both',
  activity_was_recorded: kind === 'recorded' || kind === 'both',
  travel_time_in_seconds: null,
  ...extra,
});
const visit = (job: string, start: string, end: string) => activity(job, start, end, 'scheduled');
const recorded = (job: string, start: string, end: string | null) => activity(job, start, end, 'recorded');
const allocation = (job: string, extra: Partial<JobAllocation> = {}): JobAllocation => ({
  uuid: id(`al-${job}`),
  active: true,
  edit_date: null,
  job_uuid: id(job),
  staff_uuid: id('me'),
  allocation_date: '2026-11-21 00:00:00',
  allocated_timestamp: '2026-11-20 16:00:00',
  expiry_timestamp: null,
  completion_timestamp: null,
  sort_priority: '',
  ...extra,
});
const shape = (plan: ReturnType<typeof planDay>) => ({
  visits: plan.visits.map((v) => [
    v.activity.job_uuid,
    v.activity.start_date!.slice(11, 16),
    v.onSite.map((t) => `${t.start.slice(11, 16)}-${t.end?.slice(11, 16) ?? ''}`),
  ]),
  otherJobs: plan.otherJobs.map((j) => [
    j.jobUuid,
    j.allocation?.uuid ?? null,
    j.onSite.map((t) => `${t.start.slice(11, 16)}-${t.end?.slice(11, 16) ?? ''}`),
  ]),
});

describe('scheduled visits, recorded time and allocated jobs', () => {
  it('makes visits of scheduled activities only, in time order', () => {
    const plan = planDay(
      [
        visit('B', '11:00', '12:00'),
        activity('X', '08:00', '09:00', 'neither'),
        visit('A', '08:00', '09:30'),
        activity('D', '13:00', '14:00', 'both'),
      ],
      [],
      DAY,
    );
    expect(shape(plan)).toEqual({
      visits: [
        ['A', '08:00', []],
        ['B', '11:00', []],
        ['D', '13:00', []],
      ],
      otherJobs: [],
    });
  });

  it('leaves out deleted activities and ones without a job', () => {
    const plan = planDay(
      [
        visit('A', '08:00', '09:00'),
        { ...visit('B', '10:00', '11:00'), active: false },
        { ...visit('C', '12:00', '13:00'), job_uuid: null },
      ],
      [],
      DAY,
    );
    expect(shape(plan).visits.map((v) => v[0])).toEqual(['A']);
  });

  it('shows recorded time on the visit of the same job, never as a visit', () => {
    const plan = planDay(
      [visit('A', '08:00', '09:30'), recorded('A', '09:12', '10:03'), visit('B', '11:00', '12:00')],
      [],
      DAY,
    );
    expect(shape(plan)).toEqual({
      visits: [
        ['A', '08:00', ['09:12-10:03']],
        ['B', '11:00', []],
      ],
      otherJobs: [],
    });
  });

  it('puts recorded time on the visit it overlaps most when a job has two visits that day', () => {
    const plan = planDay(
      [
        visit('A', '08:00', '09:00'),
        visit('A', '13:00', '14:00'),
        recorded('A', '12:50', '14:10'),
        recorded('A', '07:55', '08:40'),
      ],
      [],
      DAY,
    );
    expect(shape(plan).visits).toEqual([
      ['A', '08:00', ['07:55-08:40']],
      ['A', '13:00', ['12:50-14:10']],
    ]);
  });

  it('puts recorded time that overlaps no visit on the one starting nearest to it', () => {
    const plan = planDay(
      [visit('A', '08:00', '09:00'), visit('A', '15:00', '16:00'), recorded('A', '13:30', '14:00')],
      [],
      DAY,
    );
    expect(shape(plan).visits).toEqual([
      ['A', '08:00', []],
      ['A', '15:00', ['13:30-14:00']],
    ]);
  });

  it('shows recorded time on a job with no visit that day, after the allocated jobs', () => {
    const plan = planDay([recorded('R', '16:00', null), visit('A', '08:00', '09:00')], [allocation('Q')], DAY);
    expect(shape(plan).otherJobs).toEqual([
      ['Q', 'al-Q', []],
      ['R', null, ['16:00-']],
    ]);
  });

  it('shows time on site just begun as still running: arriving writes its end as its start', () => {
    const plan = planDay([visit('A', '07:30', '09:00'), recorded('A', '07:32', '07:32')], [], DAY);
    expect(shape(plan).visits).toEqual([['A', '07:30', ['07:32-']]]);
  });

  it('shows recorded time on an allocated job on that job', () => {
    const plan = planDay([recorded('Q', '10:00', '10:45')], [allocation('Q')], DAY);
    expect(shape(plan).otherJobs).toEqual([['Q', 'al-Q', ['10:00-10:45']]]);
  });

  it('lists an allocated job once, and not when it has a visit that day', () => {
    const plan = planDay(
      [visit('A', '08:00', '09:00')],
      [allocation('A'), allocation('Q'), { ...allocation('Q'), uuid: id('al-Q2') }],
      DAY,
    );
    expect(shape(plan).otherJobs).toEqual([['Q', 'al-Q', []]]);
  });

  it('orders allocated jobs by their sort priority, then their first day', () => {
    const plan = planDay(
      [],
      [
        allocation('late', { sort_priority: '', allocation_date: '2026-11-19 00:00:00' }),
        allocation('second', { sort_priority: '2' }),
        allocation('first', { sort_priority: '1' }),
        allocation('early', { sort_priority: 'high', allocation_date: '2026-11-18 00:00:00' }),
      ],
      DAY,
    );
    expect(plan.otherJobs.map((j) => j.jobUuid)).toEqual(['first', 'second', 'early', 'late']);
  });
});

describe('which allocations belong to a day', () => {
  it.each([
    ['given for that day', {}, true],
    ['given for an earlier day, not yet done', { allocation_date: '2026-11-18 00:00:00' }, true],
    ['given for the next day', { allocation_date: '2026-11-22 00:00:00' }, false],
    [
      'with no first day, allocated before the day ended',
      { allocation_date: null, allocated_timestamp: '2026-11-21 17:00:00' },
      true,
    ],
    [
      'with no first day, allocated the day after',
      { allocation_date: null, allocated_timestamp: '2026-11-22 07:00:00' },
      false,
    ],
    ['with no dates at all', { allocation_date: null, allocated_timestamp: null }, true],
    ['done during the day', { completion_timestamp: '2026-11-21 15:00:00' }, true],
    ['done the day before', { completion_timestamp: '2026-11-20 15:00:00' }, false],
    ['expiring later in the day', { expiry_timestamp: '2026-11-21 12:00:00' }, true],
    ['expired as the day began', { expiry_timestamp: '2026-11-21 00:00:00' }, false],
    ['deleted', { active: false }, false],
    ['for no job', { job_uuid: null }, false],
  ] as Array<[string, Partial<JobAllocation>, boolean]>)('%s: %s', (_label, extra, yes) => {
    expect(allocatedOn(allocation('J', extra), DAY)).toBe(yes);
  });
});
