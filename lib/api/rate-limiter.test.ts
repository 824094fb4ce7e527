import { describe, expect, it } from 'vitest';
import { createRateLimiter, createRateLimiterRegistry } from './rate-limiter';
import { sleepClock } from './testing/sleep-clock';

describe('rate limiter (sliding window)', () => {
  it('never starts more than perMinute requests in any window', async () => {
    const clock = sleepClock();
    const limiter = createRateLimiter({ perMinute: 180, windowMs: 60_000, now: clock.now, sleep: clock.sleep });
    const starts: number[] = [];
    for (let i = 0; i < 1000; i++) {
      await limiter.acquire();
      starts.push(clock.now());
      if (i % 7 === 0) await clock.sleep(100); // uneven traffic
    }
    for (let i = 180; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 180]!).toBeGreaterThanOrEqual(60_000);
    }
  });

  it('lets a burst of perMinute through at once, then waits', async () => {
    const clock = sleepClock();
    const limiter = createRateLimiter({ perMinute: 5, windowMs: 1000, now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 5; i++) await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
    expect(limiter.waitTime()).toBe(1000);
    await limiter.acquire();
    expect(clock.sleeps).toEqual([1000]);
  });

  it('serves concurrent waiters in order and honours an abort', async () => {
    const clock = sleepClock();
    const limiter = createRateLimiter({ perMinute: 1, windowMs: 1000, now: clock.now, sleep: clock.sleep });
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => limiter.acquire().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(limiter.acquire(controller.signal)).rejects.toThrow('stop');
    await limiter.acquire(); // the aborted waiter did not jam the queue
  });

  it('keeps one limiter per account', () => {
    const registry = createRateLimiterRegistry({ perMinute: 10 });
    expect(registry.forAccount('a')).toBe(registry.forAccount('a'));
    expect(registry.forAccount('a')).not.toBe(registry.forAccount('b'));
    expect(() => createRateLimiter({ perMinute: 0 })).toThrow();
  });
});
