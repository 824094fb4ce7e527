import { describe, expect, it } from 'vitest';
import { jobWebUrl, mapsUrl, telUrl } from './links';
import { dayRange, shiftDate, todayIn } from '../side-panel/dates';

describe('links built from platform text', () => {
  it.each([
    ['+61 (2) 9876-5432', 'tel:+61298765432'],
    ['02 9876 5432', 'tel:0298765432'],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
  ])('tel link for %j', (input, expected) => {
    expect(telUrl(input)).toBe(expected);
  });

  it('puts an address into a maps query, encoded', () => {
    expect(mapsUrl(' 1 George St,\nSydney & co ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20George%20St%2C%20Sydney%20%26%20co',
    );
    expect(mapsUrl('   ')).toBeNull();
  });

  it('builds the job page under the platform URL', () => {
    expect(jobWebUrl('http://127.0.0.1:8080', 'abc')).toBe('http://127.0.0.1:8080/jobs/abc');
    expect(() => jobWebUrl('javascript:alert(1)', 'abc')).toThrow(RangeError);
  });
});

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
