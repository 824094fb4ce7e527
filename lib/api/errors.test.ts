import { describe, expect, it } from 'vitest';
import {
  API_ERROR_NAMES,
  ApiError,
  fromSerializable,
  isApiError,
  isDailyRateLimit,
  isRetryable,
  isSerializedApiError,
  notFoundError,
  rateLimitedError,
  rateLimitWindowOf,
  toSerializable,
} from './errors';

describe('typed errors', () => {
  it.each(API_ERROR_NAMES)('%s survives a structured clone round trip', (name) => {
    const cause = new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    const original = new ApiError(name, `boom ${name}`, { status: 418, cause, request: 'GET /api_1.0/job.json' });
    const cloned = structuredClone(toSerializable(original));
    expect(isSerializedApiError(cloned)).toBe(true);
    const back = fromSerializable(cloned);
    expect(back).toBeInstanceOf(ApiError);
    expect(back.name).toBe(name);
    expect(back.message).toBe(`boom ${name}`);
    expect(back.status).toBe(418);
    expect(back.request).toBe('GET /api_1.0/job.json');
    expect(String(back.cause)).toContain('ECONNRESET');
    expect(isApiError(back, name)).toBe(true);
  });

  it('guards work by name on plain objects (prototype lost)', () => {
    const plain = structuredClone({ ...toSerializable(notFoundError('no job')) });
    expect(isApiError(plain, 'NotFoundError')).toBe(true);
    expect(isApiError(plain, 'ServerError')).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ name: 'TypeError' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('keeps retryAfterMs and the literal name', () => {
    const e = rateLimitedError('slow down', { status: 429, retryAfterMs: 2000 });
    expect(e.name).toBe('RateLimitedError');
    expect(fromSerializable(toSerializable(e)).retryAfterMs).toBe(2000);
    expect(isRetryable(e)).toBe(true);
    expect(isRetryable(notFoundError('x'))).toBe(false);
  });

  it('tells the daily limit from the per-minute one by the platform text, and keeps it across a structured clone', () => {
    expect(rateLimitWindowOf('Number of allowed API requests per day exceeded')).toBe('day');
    expect(rateLimitWindowOf('Number of allowed API requests per minute exceeded')).toBe('minute');
    expect(rateLimitWindowOf('Too Many Requests')).toBe('minute');
    const daily = rateLimitedError('GET /api_1.0/job.json: 429 Number of allowed API requests per day exceeded', {
      status: 429,
      limitWindow: 'day',
    });
    const cloned = structuredClone(toSerializable(daily));
    expect(cloned.limitWindow).toBe('day');
    expect(isDailyRateLimit(cloned)).toBe(true); // prototype lost
    expect(fromSerializable(cloned).limitWindow).toBe('day');
    expect(isDailyRateLimit(fromSerializable(cloned))).toBe(true);
    expect(isRetryable(daily)).toBe(false); // it stays until the platform's day turns
    const minute = rateLimitedError('slow', { status: 429, limitWindow: 'minute' });
    expect(isDailyRateLimit(minute)).toBe(false);
    expect(isRetryable(minute)).toBe(true);
    expect(isDailyRateLimit(new ApiError('ServerError', 'x', { limitWindow: 'day' }))).toBe(false);
    expect(toSerializable(notFoundError('x'))).not.toHaveProperty('limitWindow');
  });

  it('serialises foreign errors without losing their text', () => {
    const s = toSerializable(new RangeError('bad cursor'));
    expect(s.name).toBe('ServerError');
    expect(s.message).toBe('bad cursor');
    expect(s.cause).toContain('RangeError');
  });
});
