import { describe, expect, it } from 'vitest';
import { ApiError, toSerializable } from '../../api/errors';
import { describeSyncError } from './errors';

describe('sync errors in words', () => {
  it('says the daily limit is used up, that waiting a minute will not do, and that the cache stays', () => {
    const daily = new ApiError(
      'RateLimitedError',
      'GET /api_1.0/job.json: 429 Number of allowed API requests per day exceeded',
      {
        status: 429,
        limitWindow: 'day',
      },
    );
    const words = describeSyncError(daily);
    expect(words).toMatch(/used up the platform's daily allowance of requests/);
    expect(words).toMatch(/jobs already synced stay available/);
    expect(words).toMatch(/about once an hour until the platform's day turns/);
    expect(words).toContain('per day exceeded');
    expect(describeSyncError(toSerializable(daily))).toBe(words); // the same words after a trip through messaging
  });

  it('keeps "slow down" for the per-minute limit', () => {
    const minute = new ApiError('RateLimitedError', '429 Number of allowed API requests per minute exceeded', {
      status: 429,
      limitWindow: 'minute',
    });
    expect(describeSyncError(minute)).toMatch(/^The platform asked us to slow down; the sync will try again later/);
    expect(describeSyncError(new ApiError('RateLimitedError', 'token endpoint: 429', { status: 429 }))).toMatch(
      /slow down/,
    );
  });

  it('says an account on hold (402) is the billing, not the sign-in, and the cache stays', () => {
    const onHold = new ApiError('AccountOnHoldError', 'GET /api_1.0/job.json: 402 Account not in good standing', {
      status: 402,
    });
    const words = describeSyncError(onHold);
    expect(words).toMatch(/put the account on hold/);
    expect(words).toMatch(/ask the account's administrator/);
    expect(words).not.toMatch(/sign in/i);
  });
});
