import { describe, expect, it } from 'vitest';
import { toUuid } from '../../contracts/uuid';
import type { OutboxEntry } from '../outbox/types';
import { emptyLog, type VisitLog } from './visit-log';
import { scheduledForThem, visitView } from './visit-actions';

// Whether the person is on the job, so that the side panel offers their visit's steps at once: the schedule shows a
// visit or an allocation of theirs (or was not read: nobody knows, so they are offered), or a step of theirs was taken
// today or waits to be sent. The office opening a customer's job is not on it: the steps are a press away there.

const ME = 'B3469059-E825-4584-8FF3-6D1B5129E6C5';
const OTHER = '2ebb349c-00fe-426d-a309-02ed36c84df7';
const TODAY = '2026-12-03';
const JOB = toUuid('5b1f0c3a-9d2e-4f6b-8a7c-1e3d5f7a9b0c');

const log = (over: Partial<VisitLog>): VisitLog => ({ ...emptyLog(TODAY), ...over });

describe('on the job, by the schedule', () => {
  it('is a visit or an allocation of theirs, however the uuid is cased', () => {
    expect(scheduledForThem([{ staff_uuid: ME.toLowerCase() }], [], ME)).toBe(true);
    expect(scheduledForThem([], [{ staff_uuid: ME.toLowerCase() }], ME)).toBe(true);
    expect(scheduledForThem(null, [{ staff_uuid: ME }], ME.toLowerCase())).toBe(true);
  });

  it('is not a job whose visits and allocations are all someone else’s, or that has none', () => {
    expect(scheduledForThem([{ staff_uuid: OTHER }], [{ staff_uuid: OTHER }, { staff_uuid: null }], ME)).toBe(false);
    expect(scheduledForThem([], [], ME)).toBe(false);
  });

  it('is taken to be so when the schedule was not read', () => {
    expect(scheduledForThem(null, null, ME)).toBe(true);
    expect(scheduledForThem(undefined, undefined, ME)).toBe(true);
  });
});

describe('on the job, by what they did', () => {
  const notOnIt = (l: VisitLog | null, entries: OutboxEntry[] = []) =>
    visitView(l, TODAY, 'Quote', entries, true, false).onJob;

  it('is not, with nothing done today', () => {
    expect(notOnIt(null)).toBe(false);
    // Yesterday's visit is over.
    expect(notOnIt(log({ date: '2026-12-02', arrivedAt: '2026-12-02 09:00:00' }))).toBe(false);
  });

  it('is, once a step was taken today or waits to be sent', () => {
    expect(notOnIt(log({ onTheWayAt: '2026-12-03 08:10:00' }))).toBe(true);
    expect(notOnIt(log({ arrivedAt: '2026-12-03 08:40:00', activityUuid: JOB }))).toBe(true);
    const waiting = {
      seq: 1,
      kind: 'status',
      jobUuid: JOB,
      clientUuid: JOB,
      payload: { status: 'Completed' },
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
    } as OutboxEntry;
    expect(notOnIt(null, [waiting])).toBe(true);
  });

  it('is, whatever was done, when the schedule shows them on it', () => {
    expect(visitView(null, TODAY, 'Quote', [], true, true).onJob).toBe(true);
  });
});
