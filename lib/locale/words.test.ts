import { describe, expect, it } from 'vitest';
import { ago, asOfTime, clockTime, dayHeading, knownShortDays, shortDay, shortDaysOf, timeSpan } from './words';

// A technician of a Sydney business at 10:28 on Saturday 28 November (23:28 UTC on the 27th).
const NOW = Date.UTC(2026, 10, 27, 23, 28);
const ZONE = 'Australia/Sydney';
const TODAY = '2026-11-28';
/** ICU writes some spaces as narrow or thin no-break spaces: compared as plain spaces. */
const plain = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ');

const CASES = {
  'en-AU': {
    heading: 'Saturday 28 November',
    headingOtherYear: 'Saturday 2 January 2027',
    row: 'Wed, 25 Nov',
    rowOtherYear: 'Sat, 29 Nov 2025',
    time: '2:38 pm',
    span: '7:00 – 8:00 am',
    spanNoon: '10:00 am – 1:30 pm',
    asOfToday: '9:00 am',
    asOfYesterday: 'Fri, 27 Nov, 9:00 am',
    hoursAgo: '2 hrs ago',
    minutesAgo: '8 mins ago',
  },
  'en-US': {
    heading: 'Saturday, November 28',
    headingOtherYear: 'Saturday, January 2, 2027',
    row: 'Wed, Nov 25',
    rowOtherYear: 'Sat, Nov 29, 2025',
    time: '2:38 PM',
    span: '7:00 – 8:00 AM',
    spanNoon: '10:00 AM – 1:30 PM',
    asOfToday: '9:00 AM',
    asOfYesterday: 'Fri, Nov 27, 9:00 AM',
    hoursAgo: '2 hr. ago',
    minutesAgo: '8 min. ago',
  },
  'en-GB': {
    heading: 'Saturday 28 November',
    headingOtherYear: 'Saturday 2 January 2027',
    row: 'Wed 25 Nov',
    rowOtherYear: 'Sat, 29 Nov 2025',
    time: '14:38',
    span: '07:00–08:00',
    spanNoon: '10:00–13:30',
    asOfToday: '09:00',
    asOfYesterday: 'Fri 27 Nov, 09:00',
    hoursAgo: '2 hr ago',
    minutesAgo: '8 min ago',
  },
} as const;

describe.each(Object.entries(CASES))('dates and times in %s', (locale, want) => {
  it('heads the day with its weekday, and the year only when it is another year', () => {
    expect(plain(dayHeading('2026-11-28', TODAY, locale))).toBe(want.heading);
    expect(plain(dayHeading('2027-01-02', TODAY, locale)).replace(',', '')).toBe(
      want.headingOtherYear.replace(',', ''),
    );
  });

  it("writes a row's day near today in words, else short with its weekday", () => {
    expect(shortDay('2026-11-28 09:00:00', TODAY, locale)).toBe('today');
    expect(shortDay('2026-11-29', TODAY, locale)).toBe('tomorrow');
    expect(shortDay('2026-11-27', TODAY, locale)).toBe('yesterday');
    expect(plain(shortDay('2026-11-25', TODAY, locale))).toBe(want.row);
    expect(plain(shortDay('2025-11-29', TODAY, locale))).toBe(want.rowOtherYear);
    expect(shortDay('0000-00-00 00:00:00', TODAY, locale)).toBe('');
  });

  it('writes times of day as the locale does, never with seconds', () => {
    expect(plain(clockTime('2026-11-28 14:38:14', locale))).toBe(want.time);
    expect(plain(timeSpan('2026-11-28 07:00:00', '2026-11-28 08:00:00', locale))).toBe(want.span);
    expect(plain(timeSpan('2026-11-28 10:00:00', '2026-11-28 13:30:00', locale))).toBe(want.spanNoon);
    expect(clockTime(null, locale)).toBe('');
  });

  it("says when something was read in the account's zone, with its day when not today", () => {
    expect(plain(asOfTime(Date.UTC(2026, 10, 27, 22, 0), ZONE, NOW, locale))).toBe(want.asOfToday);
    expect(plain(asOfTime(Date.UTC(2026, 10, 26, 22, 0), ZONE, NOW, locale))).toBe(want.asOfYesterday);
  });

  it('says how long ago a note was written, from account-local stamps', () => {
    expect(ago('2026-11-28 10:28:00', ZONE, NOW, locale)).toBe('now');
    expect(plain(ago('2026-11-28 10:20:00', ZONE, NOW, locale))).toBe(want.minutesAgo);
    expect(plain(ago('2026-11-28 08:20:00', ZONE, NOW, locale))).toBe(want.hoursAgo);
    expect(ago('2026-11-27 15:20:00', ZONE, NOW, locale)).toBe('yesterday');
    expect(ago('2026-11-25 01:38:06', ZONE, NOW, locale)).toBe('3 days ago');
    expect(plain(ago('2026-11-10 01:38:06', ZONE, NOW, locale))).toBe(plain(shortDay('2026-11-10', TODAY, locale)));
  });
});

describe('day words kept beside a first screen', () => {
  it('are worked out once and taken as known by another page, for that day and locale only', () => {
    const kept = shortDaysOf(['2026-11-27', '2026-11-28', '2026-11-25'], TODAY, 'en-AU');
    expect(kept).toEqual({ '2026-11-27': 'yesterday', '2026-11-28': 'today', '2026-11-25': plain('Wed, 25 Nov') });
    // Another page takes them as they are: its row shows what the keeper worked out, with no format of its own.
    knownShortDays({ '2026-12-24': 'Christmas Eve (kept)' }, TODAY, 'en-AU');
    expect(shortDay('2026-12-24', TODAY, 'en-AU')).toBe('Christmas Eve (kept)');
    expect(plain(shortDay('2026-12-24', TODAY, 'en-US'))).toBe('Thu, Dec 24');
    expect(plain(shortDay('2026-12-24', '2026-11-29', 'en-AU'))).toBe('Thu, 24 Dec');
  });
});
