import { describe, expect, it } from 'vitest';
import { toUuid } from '../../contracts/uuid';
import type { DayView, DayVisit } from '../messaging/views';
import { visitsShown } from './visits-shown';

// Which changed visits make the side panel read again: each read spends the account's shared request budget, so an
// office booking visits for everyone all day costs a technician's open panel nothing but their own.

const LISTED = toUuid('00000000-0000-4000-8000-00000000000a');
const ELSEWHERE = toUuid('00000000-0000-4000-8000-00000000000b');
const JOB = toUuid('00000000-0000-4000-8000-000000000001');
const OTHER_JOB = toUuid('00000000-0000-4000-8000-000000000002');

const visit: DayVisit = {
  activityUuid: LISTED,
  start: '2026-12-02 09:00:00',
  end: '2026-12-02 10:00:00',
  job: {
    uuid: JOB,
    number: '101',
    status: 'Work Order',
    customer: 'Bayview Bistro',
    address: '',
    badges: [],
    pending: 0,
  },
  contact: null,
  onSite: [],
};
const day: DayView = {
  date: '2026-12-02',
  staffName: null,
  visits: [visit],
  otherJobs: [],
  offline: false,
  fetchedAt: 1,
};
const changed = (uuids: string[], jobs: string[], yours: boolean) =>
  ({ type: 'visits.changed', uuids, jobs, yours }) as const;

describe('visitsShown', () => {
  it.each([
    ['a visit booked for the person (the platform says it is theirs)', changed([ELSEWHERE], [OTHER_JOB], true), true],
    ['a visit listed on the day, moved away or cancelled', changed([LISTED], [JOB], false), true],
    ["the day's visit, its job unknown", changed([LISTED], [], false), true],
    ["someone else's visit, on another job", changed([ELSEWHERE], [OTHER_JOB], false), false],
    [
      "someone else's visit on a job of the day (the day lists visits, not jobs)",
      changed([ELSEWHERE], [JOB], false),
      false,
    ],
  ])('the day: %s', (_label, event, reads) => {
    expect(visitsShown(event, { openJob: null, day })).toBe(reads);
  });

  it('before the first day arrives: nothing to re-read (its own read is on its way)', () => {
    expect(visitsShown(changed([ELSEWHERE], [], true), { openJob: null, day: null })).toBe(false);
  });

  it.each([
    ["one of the open job's visits, anyone's", changed([ELSEWHERE], [JOB], false), true],
    ["the person's own visit on another job", changed([ELSEWHERE], [OTHER_JOB], true), false],
    ['a visit listed on the day behind the job, its job unknown', changed([LISTED], [], false), false],
  ])('an open job: %s', (_label, event, reads) => {
    expect(visitsShown(event, { openJob: JOB, day })).toBe(reads);
  });
});
