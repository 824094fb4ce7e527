import { describe, expect, it } from 'vitest';
import { toUuid } from '../../contracts/uuid';
import type { OutboxEntry } from '../outbox/types';
import { emptyLog } from './visit-log';
import { visitView } from './visit-actions';

// Whether the side panel shows the job complete: the status it will have once what waits is sent. "Undo" after
// "Mark the job complete" queues the status before behind the completion; the job is not shown complete while that
// waits, though the platform (or the cache) still says Completed. A refused write changes nothing.

const TODAY = '2026-12-03';
const JOB = toUuid('5b1f0c3a-9d2e-4f6b-8a7c-1e3d5f7a9b0c');

let seq = 0;
const statusWrite = (status: 'Completed' | 'Work Order', state: OutboxEntry['state'] = 'pending') =>
  ({
    seq: ++seq,
    kind: 'status',
    jobUuid: JOB,
    clientUuid: toUuid(crypto.randomUUID()),
    payload: { status },
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    state,
    ...(state === 'failed-permanent'
      ? { lastError: { message: 'Not allowed', action: 'none', technical: '403' } }
      : {}),
  }) as OutboxEntry;

const completed = (status: string, entries: OutboxEntry[]) =>
  visitView(emptyLog(TODAY), TODAY, status, entries, true, true).completed;

describe('the job shown complete', () => {
  it('is the platform’s status when nothing waits', () => {
    expect(completed('Completed', [])).toBe(true);
    expect(completed('Work Order', [])).toBe(false);
  });

  it('is the last status change waiting: a completion, or its undo behind it', () => {
    expect(completed('Work Order', [statusWrite('Completed')])).toBe(true);
    expect(completed('Work Order', [statusWrite('Completed'), statusWrite('Work Order')])).toBe(false);
    // The completion already sent (the platform says Completed), its undo waiting.
    expect(completed('Completed', [statusWrite('Work Order')])).toBe(false);
  });

  it('is not changed by a write the platform refused', () => {
    expect(completed('Completed', [statusWrite('Work Order', 'failed-permanent')])).toBe(true);
    expect(completed('Work Order', [statusWrite('Completed', 'failed-permanent')])).toBe(false);
  });

  it('says when this person completed it here today, so they may undo it', () => {
    const log = { ...emptyLog(TODAY), completedAt: `${TODAY} 15:20:00` };
    expect(visitView(log, TODAY, 'Completed', [], true, true).completedAt).toBe(`${TODAY} 15:20:00`);
    // Yesterday's is over: no undo today.
    const yesterday = { ...emptyLog('2026-12-02'), completedAt: '2026-12-02 15:20:00' };
    expect(visitView(yesterday, TODAY, 'Completed', [], true, true).completedAt).toBeNull();
  });
});
