import { describe, expect, it } from 'vitest';
import { ApiError, toSerializable, type ApiErrorName } from '../api/errors';
import { classifyFailure, DAILY_LIMIT_RETRY_MS, retryAfterMs } from './classify';
import type { OutboxKind } from './types';

const api = (name: ApiErrorName, message: string, status: number | null = null) =>
  new ApiError(name, message, { status });

describe('outbox failure classification', () => {
  it.each<[string, unknown, OutboxKind, 'transient' | string]>([
    [
      'network',
      api('NetworkError', 'POST /api_1.0/note.json: no answer from the platform (fetch failed)'),
      'note',
      'transient',
    ],
    [
      '5xx',
      api('ServerError', 'POST /api_1.0/note.json: 503 Service temporarily unavailable', 503),
      'note',
      'transient',
    ],
    [
      '429',
      api('RateLimitedError', 'Number of allowed API requests per minute exceeded', 429),
      'badge-add',
      'transient',
    ],
    ['a bug or storage trouble', new TypeError('x is undefined'), 'note', 'transient'],
    [
      'missing scope',
      api(
        'MissingScopeError',
        'POST /api_1.0/note.json: 403 Missing OAuth scope publish_job_notes to create note records',
        403,
      ),
      'note',
      'missing-scope',
    ],
    [
      'not allocated',
      api('MissingScopeError', 'POST /api_1.0/note.json: 403 Job x is not allocated to staff member y', 403),
      'note',
      'not-assigned',
    ],
    ['job 404', api('NotFoundError', 'GET /api_1.0/job/x.json: 404 No job record', 404), 'badge-remove', 'job-gone'],
    [
      'note on a missing job',
      api('ValidationError', 'POST /api_1.0/note.json: 400 No job x for this note', 400),
      'note',
      'job-gone',
    ],
    ['signed out', api('SignedOutError', 'invalid_grant'), 'note', 'signed-out'],
    [
      '401 after refresh',
      api('AuthenticationError', 'still unauthorised after a token refresh', 401),
      'note',
      'signed-out',
    ],
    ['400', api('ValidationError', 'POST /api_1.0/note.json: 400 note is too long', 400), 'note', 'rejected'],
  ])('%s → %s', (_label, error, kind, expected) => {
    const verdict = classifyFailure(error, kind, 42);
    expect(verdict.transient).toBe(expected === 'transient');
    expect(verdict.error.code).toBe(expected);
    expect(verdict.error.at).toBe(42);
    expect(verdict.error.message.length).toBeGreaterThan(10);
    expect(verdict.error.action.length).toBeGreaterThan(10);
  });

  it('names the missing scope and what to do, from the platform’s answer or the kind of write', () => {
    const fromAnswer = classifyFailure(
      api('MissingScopeError', '403 Missing OAuth scope publish_job_notes to create note records', 403),
      'note',
      0,
    );
    expect(fromAnswer.error.message).toContain('publish_job_notes');
    expect(fromAnswer.error.action).toMatch(/Sign in again to grant "publish_job_notes".*administrator/);
    const byKind = classifyFailure(api('MissingScopeError', '403 Forbidden', 403), 'badge-add', 0);
    expect(byKind.error.message).toContain('manage_badges');
  });

  it('tells the person to copy a note on a deleted job', () => {
    const verdict = classifyFailure(api('NotFoundError', 'job x was deleted (inactive)'), 'note', 0);
    expect(verdict.error.message).toMatch(/job was deleted/);
    expect(verdict.error.action).toMatch(/Copy your note/);
  });

  it('works on errors that crossed a message boundary (plain objects, by name)', () => {
    const crossed = toSerializable(
      api('MissingScopeError', '403 Missing OAuth scope manage_badges to update job records', 403),
    );
    expect(classifyFailure(crossed, 'badge-remove', 0).error.code).toBe('missing-scope');
  });

  it('honours the wait a 429 asked for', () => {
    expect(retryAfterMs(new ApiError('RateLimitedError', 'slow down', { status: 429, retryAfterMs: 30_000 }))).toBe(
      30_000,
    );
    expect(retryAfterMs(api('ServerError', 'x', 500))).toBeUndefined();
  });

  it('keeps a write through the daily limit, and waits longer than its backoff before trying again', () => {
    const daily = new ApiError('RateLimitedError', 'Number of allowed API requests per day exceeded', {
      status: 429,
      limitWindow: 'day',
    });
    for (const error of [daily, toSerializable(daily)]) {
      const verdict = classifyFailure(error, 'note', 0);
      expect(verdict.transient).toBe(true);
      expect(verdict.error.message).toMatch(/requests for today/);
      expect(retryAfterMs(error)).toBe(DAILY_LIMIT_RETRY_MS);
    }
    expect(
      retryAfterMs(api('RateLimitedError', 'Number of allowed API requests per minute exceeded', 429)),
    ).toBeUndefined();
  });

  it('keeps a write while the account is on hold (402), and tries again now and then', () => {
    const onHold = api('AccountOnHoldError', 'The account is on hold', 402);
    for (const error of [onHold, toSerializable(onHold)]) {
      const verdict = classifyFailure(error, 'badge-add', 0);
      expect(verdict.transient).toBe(true);
      expect(verdict.error.message).toMatch(/on hold/);
      expect(retryAfterMs(error)).toBe(DAILY_LIMIT_RETRY_MS);
    }
  });
});
