import { describe, expect, it } from 'vitest';
import { dayBounds, daysBetween, instantOf, knownZone, shiftDate, todayIn, wallClock } from './days';

describe("the account's days", () => {
  it('takes today in the account zone, not the device’s or UTC', () => {
    const instant = Date.UTC(2026, 10, 27, 23, 28); // 10:28 on the 28th in Sydney (UTC+11)
    expect(todayIn('Australia/Sydney', instant)).toBe('2026-11-28');
    expect(todayIn('Europe/London', instant)).toBe('2026-11-27');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-27');
  });

  it("falls back to the device's day without a zone it knows", () => {
    const instant = new Date(2026, 0, 5, 23, 59).getTime();
    expect(todayIn(null, instant)).toBe('2026-01-05');
    expect(todayIn('Not/A_Zone', instant)).toBe('2026-01-05');
    expect(knownZone('Not/A_Zone')).toBe(false);
    expect(knownZone('Australia/Sydney')).toBe(true);
  });

  it('shifts and counts whole days across month and year ends', () => {
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2026-11-28', '2026-11-25')).toBe(-3);
  });

  it('reads platform stamps, and the blank one as none', () => {
    expect(wallClock('2026-11-28 07:05:09')).toBe(Date.UTC(2026, 10, 28, 7, 5, 9));
    expect(wallClock('0000-00-00 00:00:00')).toBeNull();
    expect(wallClock('')).toBeNull();
  });

  it('turns an account-local stamp into its instant, across a change of daylight saving', () => {
    expect(instantOf('2026-11-28 10:28:00', 'Australia/Sydney')).toBe(Date.UTC(2026, 10, 27, 23, 28));
    expect(instantOf('2026-06-15 10:28:00', 'Australia/Sydney')).toBe(Date.UTC(2026, 5, 15, 0, 28)); // UTC+10 in winter
    expect(instantOf('2026-03-29 03:00:00', 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 2, 0)); // first hour of BST
  });
});

describe('dayBounds', () => {
  it("the instants an account's day begins and ends, a daylight-saving day 23 hours long", () => {
    expect(dayBounds('2026-11-21', 'Australia/Sydney')).toEqual({
      start: Date.UTC(2026, 10, 20, 13),
      end: Date.UTC(2026, 10, 21, 13),
    });
    // Sydney's clocks go forward at 2:00 on 4 October 2026 (AEST +10 → AEDT +11).
    const { start, end } = dayBounds('2026-10-04', 'Australia/Sydney');
    expect(start).toBe(Date.UTC(2026, 9, 3, 14));
    expect(end - start).toBe(23 * 3_600_000);
    expect(dayBounds('2026-11-21', 'UTC')).toEqual({ start: Date.UTC(2026, 10, 21), end: Date.UTC(2026, 10, 22) });
  });
});
