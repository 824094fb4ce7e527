// The limiter's counting on its own, with a clock the test moves: the platform's default of 20,000 a
// day needs 20,000 requests, too many to send over HTTP in a unit test (limits.test.ts covers the HTTP side).
import { describe, expect, it } from 'vitest';
import type { Clock } from '../contracts';
import { createRateLimiter, PLATFORM_RATE_LIMITS } from './rate-limit';

const DAY_MS = 86_400_000;

function fakeClock(start: number): Clock & { set(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    set: (ms) => void (now = ms),
    advance: async (seconds) => void (now += seconds * 1000),
    setTimer: () => () => undefined,
  };
}

describe('emulator rate limiter', () => {
  it("defaults to the platform's 180 a minute and 20,000 a UTC day", () => {
    const dayStart = Date.UTC(2026, 10, 21);
    const clock = fakeClock(dayStart);
    const limiter = createRateLimiter(clock);
    expect(limiter.limits()).toEqual({ perMinute: 180, perDay: 20_000 });
    expect(PLATFORM_RATE_LIMITS).toEqual({ perMinute: 180, perDay: 20_000 });
    let served = 0;
    let refusedBy: string | null = null;
    // 180 a minute, minute after minute, until the day refuses (112 minutes fit in a day's first hours).
    for (let minute = 0; refusedBy === null; minute++) {
      clock.set(dayStart + minute * 60_000);
      for (let i = 0; i < 180 && refusedBy === null; i++) {
        const refused = limiter.take('app|acct');
        if (refused) refusedBy = refused;
        else served++;
      }
    }
    expect(served).toBe(20_000);
    expect(refusedBy).toBe('day');
    expect(limiter.take('app|other-acct')).toBeNull();
    clock.set(dayStart + DAY_MS - 1);
    expect(limiter.take('app|acct')).toBe('day');
    clock.set(dayStart + DAY_MS);
    expect(limiter.take('app|acct')).toBeNull();
  });

  it('answers which window refused: the minute one clears after a minute, the day one only at midnight UTC', () => {
    const clock = fakeClock(Date.UTC(2026, 10, 21, 23, 58, 30));
    const limiter = createRateLimiter(clock, { perMinute: 2, perDay: 3 });
    expect([limiter.take('k'), limiter.take('k'), limiter.take('k')]).toEqual([null, null, 'minute']);
    clock.set(Date.UTC(2026, 10, 21, 23, 59, 0));
    expect([limiter.take('k'), limiter.take('k')]).toEqual([null, 'day']);
    clock.set(Date.UTC(2026, 10, 22, 0, 0, 0));
    expect(limiter.take('k')).toBeNull();
  });

  it('setLimits changes one limit and keeps the other', () => {
    const limiter = createRateLimiter(fakeClock(0));
    limiter.setLimits({ perDay: 7 });
    expect(limiter.limits()).toEqual({ perMinute: 180, perDay: 7 });
    limiter.setLimits({ perMinute: 9 });
    expect(limiter.limits()).toEqual({ perMinute: 9, perDay: 7 });
  });
});
