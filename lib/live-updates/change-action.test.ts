import { describe, expect, it } from 'vitest';
import { changeAction, heldJobOf, jobsWithChangedActivities, type ChangeAction, type Held } from './change-action';
import type { FeedChange } from './types';
import { ReadFeedChangeSchema } from '../../contracts/companion-http';

const JOB = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000002';
const NOTE = 'a0000000-0000-4000-8000-000000000003';
const VISIT = 'a0000000-0000-4000-8000-000000000004';

// Read as the feed's reader reads it: a uuid the platform wrote in capitals still names the job held in lower case.
const change = (over: Partial<Record<keyof FeedChange, unknown>> = {}): FeedChange =>
  ReadFeedChangeSchema.parse({
    id: '1',
    object: 'job',
    uuid: JOB.toUpperCase(),
    changed_fields: ['status'],
    time: '2026-05-04 01:00:00',
    resource_url: '',
    ...over,
  });
const record = (over: Record<string, unknown> = {}) => ({
  uuid: JOB,
  active: 1,
  edit_date: '2026-05-04 01:00:00',
  generated_job_id: '1042',
  status: 'Completed',
  ...over,
});
/** A change carrying its record, for this reader (`record`) or not (`none`). */
const carrying = (yours: 'record' | 'none', over: Record<string, unknown> = {}) =>
  change({ yours, record: record(over) });
const note = (over: Partial<Record<keyof FeedChange, unknown>> = {}) => change({ object: 'note', uuid: NOTE, ...over });
const visit = (over: Partial<Record<keyof FeedChange, unknown>> = {}) =>
  change({ object: 'jobactivity', uuid: VISIT, changed_fields: ['staff_uuid'], ...over });

// What the browser holds: the job with an older copy, the same copy, a newer copy, a copy with no date, nothing, or
// it cannot say (null).
const HOLDS: Held = new Map([[JOB, '2026-05-04 00:00:00']]);
const HOLDS_SAME: Held = new Map([[JOB, '2026-05-04 01:00:00']]);
const HOLDS_NEWER: Held = new Map([[JOB, '2026-05-04 01:05:00']]);
const HOLDS_UNDATED: Held = new Map([[JOB, null]]);
const NOT: Held = new Map([['a0000000-0000-4000-8000-0000000000ff', null]]);
const UNKNOWN: Held = null;

const take = (uuid = JOB) => ({ do: 'take', job: uuid });
const readJob = (uuid = JOB, badRecord?: unknown) => ({ do: 'read-job', uuid, ...(badRecord ? { badRecord } : {}) });
const ignore = (why: string) => ({ do: 'ignore', why });

/** The action as compared: a taken record by the job's uuid. */
const seen = (action: ChangeAction) => (action.do === 'take' ? { do: 'take', job: action.job.uuid } : action);

describe('what a change means to this browser', () => {
  const table: Array<[string, FeedChange, Held, boolean, unknown]> = [
    // A job change: what the companion says it means to this reader (`yours`), and what the browser holds.
    ['named, with its record, held', carrying('record'), HOLDS, true, take()],
    ['named, with its record, not held', carrying('record'), NOT, true, take()],
    ['named, with its record, held unknown', carrying('record'), UNKNOWN, true, take()],
    ['named, no record, not held', change({ yours: 'record' }), NOT, true, readJob()],
    ['to read, not held', change({ yours: 'read' }), NOT, true, readJob()],
    ['to read, held', change({ yours: 'read' }), HOLDS, true, readJob()],
    ['not for this reader, held', change({ yours: 'none' }), HOLDS, true, readJob()],
    ['not for this reader, not held', change({ yours: 'none' }), NOT, true, ignore('not-held')],
    ['not for this reader, held unknown', change({ yours: 'none' }), UNKNOWN, true, readJob()],
    ['no meaning, not held', change(), NOT, true, ignore('not-held')],
    ['no meaning, held', change(), HOLDS, true, readJob()],
    // A record is never taken for a job the browser neither holds nor was named for, even when one came; one that
    // cannot say what it holds reads as its staff member instead.
    ['a record not for this reader, not held', carrying('none'), NOT, true, ignore('not-held')],
    ['a record not for this reader, held', carrying('none'), HOLDS, true, take()],
    ['a record not for this reader, held unknown', carrying('none'), UNKNOWN, true, readJob()],
    // The carried record against the copy held: a copy newer than it (a sync ran after the companion read it) stays.
    ['a record older than the copy', carrying('record'), HOLDS_NEWER, true, ignore('older-than-held')],
    ['a record as old as the copy', carrying('record'), HOLDS_SAME, true, take()],
    ['a record, the copy undated', carrying('record'), HOLDS_UNDATED, true, take()],
    ['an undated record', carrying('record', { edit_date: '' }), HOLDS_NEWER, true, take()],
    // A record failing the check a read would pass is not taken: the job is read, and why is said.
    [
      'a record failing its check',
      change({ record: record({ edit_date: 42 }) }),
      HOLDS,
      true,
      readJob(JOB, expect.stringContaining('edit_date')),
    ],
    [
      'a record of another job',
      change({ record: record({ uuid: OTHER }) }),
      HOLDS_NEWER,
      true,
      readJob(JOB, expect.stringContaining(OTHER)),
    ],
    ['a bad record, not held, not named', change({ record: record({ edit_date: 42 }) }), NOT, true, ignore('not-held')],
    // What Fieldside does not show, or a uuid that is not one, is never read (notes wanted or not).
    ['a job whose uuid is not one', change({ uuid: '../../vendor' }), UNKNOWN, true, ignore('not-shown')],
    ['a record type not shown', change({ object: 'company', uuid: OTHER }), UNKNOWN, true, ignore('not-shown')],
    ['a note whose uuid is not one', note({ uuid: 'x', job_uuid: JOB }), UNKNOWN, true, ignore('not-shown')],
    // A note the companion placed on its job is not read: only pages showing its job are told, if the job is held.
    ['a placed note, its job held', note({ job_uuid: JOB }), HOLDS, true, { do: 'note-job', job: JOB }],
    ['a placed note, held unknown', note({ job_uuid: JOB.toUpperCase() }), UNKNOWN, true, { do: 'note-job', job: JOB }],
    ['a placed note, its job not held', note({ job_uuid: JOB }), NOT, true, ignore('not-held')],
    ['a placed note, no page open', note({ job_uuid: JOB }), HOLDS, false, ignore('no-page')],
    // A note without its job is read to learn it, only while a page could show it.
    ['a note without its job', note(), NOT, true, { do: 'read-note', uuid: NOTE }],
    ['a note placed on no uuid', note({ job_uuid: 'not-a-uuid' }), HOLDS, true, { do: 'read-note', uuid: NOTE }],
    ['a note without its job, no page open', note(), UNKNOWN, false, ignore('no-page')],
    // A visit carrying its job's record is that job's change; without a record, or a job, it changes nothing shown.
    [
      'a visit with its job, named',
      visit({ job_uuid: OTHER, record: record({ uuid: OTHER }), yours: 'record' }),
      NOT,
      true,
      take(OTHER),
    ],
    ['a visit with its job, held', visit({ job_uuid: JOB, record: record() }), HOLDS, true, take()],
    [
      'a visit with its job, not for this reader',
      visit({ job_uuid: OTHER, record: record({ uuid: OTHER }), yours: 'none' }),
      NOT,
      true,
      ignore('not-held'),
    ],
    ['a visit without a record', visit({ job_uuid: JOB }), HOLDS, true, ignore('not-shown')],
    ['a visit without a job', visit({ record: record() }), HOLDS, true, ignore('not-shown')],
    [
      'a visit whose job is not a uuid',
      visit({ job_uuid: '../job', record: record() }),
      HOLDS,
      true,
      ignore('not-shown'),
    ],
  ];
  it.each(table)('%s', (_name, c, held, notesWanted, expected) => {
    expect(seen(changeAction(c, held, notesWanted))).toEqual(expected);
  });

  it('asks what is held about the job a change is about: a job, the job a note was placed on, a visit’s job', () => {
    expect(heldJobOf(change())).toBe(JOB);
    expect(heldJobOf(note({ job_uuid: OTHER }))).toBe(OTHER);
    expect(heldJobOf(visit({ job_uuid: OTHER, record: record({ uuid: OTHER }) }))).toBe(OTHER);
    expect([heldJobOf(note()), heldJobOf(visit({ job_uuid: OTHER })), heldJobOf(change({ uuid: 'x' }))]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('jobsWithChangedActivities', () => {
  it('names each job whose visit or time on site changed, once; none for other changes', () => {
    expect(
      jobsWithChangedActivities([visit({ job_uuid: JOB }), visit({ job_uuid: JOB }), note({ job_uuid: OTHER })]),
    ).toEqual([JOB]);
    expect(jobsWithChangedActivities([change(), note({ job_uuid: JOB })])).toEqual([]);
  });

  it('cannot say which jobs when a visit comes without its job: any may have changed', () => {
    expect(jobsWithChangedActivities([visit({ job_uuid: JOB }), visit()])).toBeNull();
  });
});
