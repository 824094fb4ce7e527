import { describe, expect, it } from 'vitest';
import {
  API_ERROR_NAMES,
  ApiError,
  fromSerializable,
  isApiError,
  isRetryable,
  isSerializedApiError,
  notFoundError,
  rateLimitedError,
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

  it('serialises foreign errors without losing their text', () => {
    const s = toSerializable(new RangeError('bad cursor'));
    expect(s.name).toBe('ServerError');
    expect(s.message).toBe('bad cursor');
    expect(s.cause).toContain('RangeError');
  });
});
