import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff';

const policy = { baseMs: 1_000, maxMs: 60_000 };

describe('outbox backoff', () => {
  it.each([
    // attempts, lowest wait (random 0), highest wait (random → 1)
    [1, 500, 1_000],
    [2, 1_000, 2_000],
    [3, 2_000, 4_000],
    [4, 4_000, 8_000],
    [6, 16_000, 32_000],
    [7, 30_000, 60_000], // 64 s capped at 60 s
    [40, 30_000, 60_000],
  ])('after %i failed attempts waits between %i and %i ms', (attempts, low, high) => {
    expect(backoffDelay(attempts, () => 0, policy)).toBe(low);
    expect(backoffDelay(attempts, () => 0.999_999, policy)).toBe(high);
    expect(backoffDelay(attempts, () => 0.5, policy)).toBe(Math.round((low + high) / 2));
  });

  it('never retries at once, even with zero jitter or a nonsense attempt count', () => {
    expect(backoffDelay(0, () => 0, policy)).toBe(500);
    expect(backoffDelay(1, () => 0)).toBe(DEFAULT_BACKOFF.baseMs / 2);
  });

  it('spreads workers that fail together', () => {
    const waits = new Set([0.1, 0.3, 0.6, 0.9].map((r) => backoffDelay(5, () => r, policy)));
    expect(waits.size).toBe(4);
  });
});
