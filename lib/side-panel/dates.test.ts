import { describe, expect, it } from 'vitest';
import { dayRange, shiftDate, todayIn } from './dates';

describe('account-local days', () => {
  it('shifts across month and year ends', () => {
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('takes today in the vendor zone, not UTC', () => {
    const instant = Date.UTC(2026, 10, 21, 20, 0, 0); // 07:00 on the 22nd in Sydney (UTC+11)
    expect(todayIn('Australia/Sydney', instant)).toBe('2026-11-22');
    expect(todayIn('UTC', instant)).toBe('2026-11-21');
  });
  it('bounds a day from midnight to the next midnight', () => {
    expect(dayRange('2026-11-21')).toEqual({ from: '2026-11-21 00:00:00', to: '2026-11-22 00:00:00' });
  });
});
