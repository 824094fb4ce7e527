// What is worth telling, decided from a batch of the feed and what the browser knows; nothing of one's own.
import { describe, expect, it } from 'vitest';
import type { FeedChange } from '../live-updates/types';
import { toUuid } from '../../contracts/uuid';
import { noticeWords } from './notifier';
import { withinDay, workNotices, type NoticeFacts } from './work-notices';

const JOB = toUuid('a0000000-0000-4000-8000-000000000001');
const HELD = toUuid('a0000000-0000-4000-8000-000000000002');
const VISIT = toUuid('b0000000-0000-4000-8000-000000000001');
const NOTE = toUuid('c0000000-0000-4000-8000-000000000001');

const change = (c: Partial<FeedChange> & Pick<FeedChange, 'object' | 'uuid'>): FeedChange => ({
  id: '1',
  changed_fields: [],
  time: '2026-05-04 01:00:00',
  resource_url: '',
  ...c,
});
const facts = (over: Partial<NoticeFacts> = {}): NoticeFacts => ({
  held: new Map([[HELD, null]]),
  myVisits: new Map(),
  mine: new Set([HELD]),
  own: new Set(),
  ...over,
});

describe('work notices', () => {
  it('tells of a job newly given: a visit booked for me on a job this browser did not hold', () => {
    const visit = change({ object: 'jobactivity', uuid: VISIT, job_uuid: JOB, yours: 'record' });
    expect(workNotices([visit], facts())).toEqual([{ kind: 'new-job', jobUuid: JOB }]);
    // Not for someone else, nor for a job already held (another visit on my job is no news of a job).
    expect(workNotices([{ ...visit, yours: 'none' }], facts())).toEqual([]);
    expect(workNotices([{ ...visit, job_uuid: HELD }], facts())).toEqual([]);
  });

  it('tells of a visit of mine moved, or gone from me', () => {
    const mine = facts({ myVisits: new Map([[VISIT, HELD]]) });
    const moved = change({ object: 'jobactivity', uuid: VISIT, job_uuid: HELD, yours: 'record' });
    expect(workNotices([moved], mine)).toEqual([{ kind: 'visit-moved', jobUuid: HELD }]);
    const cancelled = { ...moved, yours: 'none' as const };
    expect(workNotices([cancelled], mine)).toEqual([{ kind: 'visit-gone', jobUuid: HELD }]);
    // Made an hour longer: only its end changed, and it is still news of that visit.
    const longer = { ...moved, changed_fields: ['end_date'] };
    expect(workNotices([longer], mine)).toEqual([{ kind: 'visit-moved', jobUuid: HELD }]);
    expect(noticeWords({ kind: 'visit-moved', jobUuid: HELD }, { number: '6000', address: '10 Bridge Dr' })).toEqual({
      title: 'Your visit to Job 6000 changed',
      message: '10 Bridge Dr',
    });
  });

  it('tells of a note on one of my jobs, never of my own writes, once per job', () => {
    const note = change({ object: 'note', uuid: NOTE, job_uuid: HELD });
    expect(workNotices([note, { ...note, uuid: VISIT }], facts())).toEqual([{ kind: 'note', jobUuid: HELD }]);
    expect(workNotices([note], facts({ own: new Set([NOTE]) }))).toEqual([]);
    expect(workNotices([{ ...note, job_uuid: JOB }], facts())).toEqual([]);
  });

  it('keeps quiet outside the day, also a day that runs past midnight', () => {
    expect([6, 7, 18, 19].map((h) => withinDay(h, { from: 7, to: 19 }))).toEqual([false, true, true, false]);
    expect([21, 2, 12].map((h) => withinDay(h, { from: 20, to: 4 }))).toEqual([true, true, false]);
  });

  it('says it in words, the job by its number', () => {
    expect(noticeWords({ kind: 'new-job', jobUuid: JOB }, { number: '1042', address: '1 Main St' })).toEqual({
      title: 'New job for you: Job 1042',
      message: '1 Main St',
    });
  });
});
