import { describe, expect, it } from 'vitest';
import { createDailyUse, nextUtcMidnight, type DailyUseRecord } from './daily-use';
import { createRateLimiterRegistry } from './rate-limiter';

// The day's count of requests the options page shows an administrator.

function setup(start: number) {
  let clock = start;
  let stored: DailyUseRecord = {};
  const timers: Array<() => void> = [];
  const use = createDailyUse({
    store: { get: async () => stored, set: async (v) => void (stored = v) },
    now: () => clock,
    setTimer: (fn) => timers.push(fn),
  });
  return {
    use,
    stored: () => stored,
    at: (t: number) => void (clock = t),
    fireTimers: async () => (timers.splice(0).forEach((f) => f()), await new Promise((r) => setTimeout(r, 0))),
  };
}

describe('daily use', () => {
  it('counts every request through the account limiter, per account and UTC day, and writes it now and then', async () => {
    const t = setup(Date.UTC(2026, 10, 21, 22, 0));
    const limiters = createRateLimiterRegistry({ onRequest: (k) => t.use.add(k) });
    for (let i = 0; i < 3; i++) await limiters.forAccount('base|acct').acquire();
    await limiters.forAccount('base|other').acquire();
    expect(await t.use.today('base|acct')).toBe(3);
    expect(t.stored()).toEqual({});
    await t.fireTimers();
    expect(t.stored()['base|acct']).toEqual({ day: '2026-11-21', count: 3 });
    // Past midnight UTC the platform's day, and the count, start again.
    t.at(Date.UTC(2026, 10, 22, 0, 5));
    expect(await t.use.today('base|acct')).toBe(0);
    t.use.add('base|acct');
    expect(await t.use.today('base|acct')).toBe(1);
  });

  it('the next midnight UTC', () => {
    expect(nextUtcMidnight(Date.UTC(2026, 10, 21, 23, 59))).toBe(Date.UTC(2026, 10, 22));
    expect(nextUtcMidnight(Date.UTC(2026, 10, 22))).toBe(Date.UTC(2026, 10, 23));
  });
});
