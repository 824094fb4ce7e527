import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { describeSyncError, isQuotaExceeded } from '../sync/errors';
import { initialSyncState, publicState, readSyncState } from './sync-state';

describe('sync state', () => {
  it('reads a stored state back, and starts fresh from anything it cannot read', () => {
    const stored = {
      ...initialSyncState(),
      complete: true,
      lastSyncedAt: 1_700_000_000_000,
      resume: { collection: 'jobs' as const, cursor: 'abc' },
    };
    expect(readSyncState(stored)).toEqual(stored);
    for (const junk of [undefined, null, 'state', { ...stored, version: 2 }, { ...stored, counts: null }]) {
      expect(readSyncState(junk)).toEqual(initialSyncState());
    }
    expect(Object.keys(publicState(stored)).sort()).toEqual([
      'counts',
      'jobsStored',
      'lastError',
      'lastSyncedAt',
      'pagesDone',
      'persisted',
      'phase',
      'skipped',
      'skippedExamples',
    ]);
  });

  it('puts failures into words', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    const cases: Array<[unknown, RegExp]> = [
      [quota, /no storage space left.*quota exceeded/],
      [new Error('write failed', { cause: quota }), /quota exceeded/],
      [new DOMException('stop', 'AbortError'), /stopped before it finished/],
      [new ApiError('NetworkError', 'GET /api_1.0/job.json: no answer'), /could not be reached/],
      [new ApiError('AuthenticationError', '401'), /sign in again/],
      [new ApiError('MissingScopeError', '403'), /lacks a permission/],
      [new ApiError('ServerError', '503'), /platform had an error/],
      [new TypeError('boom'), /The sync failed: TypeError: boom/],
    ];
    for (const [error, words] of cases) expect(describeSyncError(error)).toMatch(words);
    expect(isQuotaExceeded(new Error('other'))).toBe(false);
  });
});
