import { describe, expect, it } from 'vitest';
import { toUuid } from '../../contracts/uuid';
import type { EntryOf, OutboxError } from '../outbox/types';
import { newJobProgress } from './progress';

// How a saved job stands, as the form says it: its create waiting in the outbox (with why the last try did not
// reach the platform), being sent, refused with the platform's words and the entry to retry, or gone from the outbox
// as the platform has it, with the job's number once the cache has read the job back.

const JOB = toUuid('5b1f0c3a-9d2e-4f6b-8a7c-1e3d5f7a9b0c');

const entry = (over: Partial<EntryOf<'job-create'>> = {}): EntryOf<'job-create'> => ({
  seq: 7,
  kind: 'job-create',
  jobUuid: JOB,
  clientUuid: JOB,
  payload: { description: 'Hot water unit tripping the safety switch', address: '', company: null },
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending',
  ...over,
});

const error = (code: OutboxError['code'], message: string, action = ''): OutboxError => ({
  code,
  message,
  action,
  detail: 'HTTP 503',
  at: 0,
});

describe('a saved job, as the form follows it', () => {
  it('waits its turn, saying why the last try did not reach the platform', () => {
    expect(newJobProgress(entry(), undefined)).toEqual({ state: 'waiting', lastTry: null });
    expect(
      newJobProgress(
        entry({ attempts: 1, lastError: error('transient', 'The platform is not answering.') }),
        undefined,
      ),
    ).toEqual({ state: 'waiting', lastTry: 'The platform is not answering.' });
  });

  it('is being sent', () => {
    expect(newJobProgress(entry({ state: 'sending', attempts: 1 }), undefined)).toEqual({ state: 'sending' });
  });

  it('refused: the platform’s words, what to do, and the entry to retry', () => {
    const refused = entry({
      state: 'failed-permanent',
      lastError: error('missing-scope', 'Fieldside may not create jobs.', 'Sign in again and allow it.'),
    });
    expect(newJobProgress(refused, undefined)).toEqual({
      state: 'failed',
      seq: 7,
      message: 'Fieldside may not create jobs.',
      action: 'Sign in again and allow it.',
    });
  });

  it('on the platform: its number once the job is read back, none before', () => {
    expect(newJobProgress(undefined, undefined)).toEqual({ state: 'made', number: null });
    expect(newJobProgress(undefined, { generated_job_id: '' })).toEqual({ state: 'made', number: null });
    expect(newJobProgress(undefined, { generated_job_id: '5312' })).toEqual({ state: 'made', number: '5312' });
  });
});
