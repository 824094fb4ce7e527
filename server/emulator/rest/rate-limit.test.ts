// The limiter's counting on its own, with a clock the test moves: the platform's default of 20,000 a
// day needs 20,000 requests, too many to send over HTTP in a unit test (limits.test.ts covers the HTTP side).
import { describe, expect, it } from 'vitest';
import type { Clock } from '../contracts';
import type { Switches } from '../switches';
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

  it("under rateWindow sliding, the minute is the last 60 seconds at each request, not the clock's minute", () => {
    const start = Date.UTC(2026, 10, 21, 9, 0, 50);
    const clock = fakeClock(start);
    const counting: Pick<Switches, 'rateWindow' | 'refusedRequests'> = { rateWindow: 'fixed', refusedRequests: 'free' };
    const limiter = createRateLimiter(clock, { perMinute: 2, perDay: 100 }, () => counting);
    expect([limiter.take('k'), limiter.take('k'), limiter.take('k')]).toEqual([null, null, 'minute']);
    clock.set(start + 10_000); // the clock's next minute: a fixed window starts afresh
    expect(limiter.take('k')).toBeNull();

    counting.rateWindow = 'sliding'; // switched: counted afresh, the rolling way
    clock.set(start + 20_000);
    expect(limiter.take('k')).toBeNull();
    clock.set(start + 25_000);
    expect([limiter.take('k'), limiter.take('k')]).toEqual([null, 'minute']);
    clock.set(start + 79_000); // a new clock minute, but both requests were within the last 60 s
    expect(limiter.take('k')).toBe('minute');
    clock.set(start + 80_000); // the first has left the window, the second not yet
    expect([limiter.take('k'), limiter.take('k')]).toEqual([null, 'minute']);
    expect(limiter.take('other')).toBeNull(); // per app per account
  });

  it('under refusedRequests counted, a refusal counts too: a client that keeps trying keeps itself refused', () => {
    const start = Date.UTC(2026, 10, 21, 9, 0, 0);
    const clock = fakeClock(start);
    const counting: Pick<Switches, 'rateWindow' | 'refusedRequests'> = {
      rateWindow: 'sliding',
      refusedRequests: 'counted',
    };
    const limiter = createRateLimiter(clock, { perMinute: 2, perDay: 8 }, () => counting);
    const at = (seconds: number) => (clock.set(start + seconds * 1000), limiter.take('k'));
    expect([at(0), at(0), at(20), at(40)]).toEqual([null, null, 'minute', 'minute']);
    // The two served have left the minute, the refusals have not: tried every 20 seconds, never served.
    expect([at(60), at(80), at(100)]).toEqual(['minute', 'minute', 'minute']);
    expect(at(160.001)).toBeNull(); // a full minute without trying
    // The day counted the refusals too: 3 served and 5 refused fill its 8.
    expect(at(220.002)).toBe('day');

    counting.refusedRequests = 'free';
    const free = createRateLimiter(clock, { perMinute: 1, perDay: 100 }, () => counting);
    clock.set(start + 300_000);
    expect([free.take('k'), free.take('k'), free.take('k')]).toEqual([null, 'minute', 'minute']);
    clock.set(start + 360_000); // 60 s after the one served: the refusals never counted
    expect(free.take('k')).toBeNull();
  });

  it('setLimits changes one limit and keeps the other', () => {
    const limiter = createRateLimiter(fakeClock(0));
    limiter.setLimits({ perDay: 7 });
    expect(limiter.limits()).toEqual({ perMinute: 180, perDay: 7 });
    limiter.setLimits({ perMinute: 9 });
    expect(limiter.limits()).toEqual({ perMinute: 9, perDay: 7 });
  });
});
