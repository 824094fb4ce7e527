import { describe, expect, it } from 'vitest';
import { onSiteText } from './format';

const plain = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ');

describe('time on site in words', () => {
  it.each([
    [
      'en-AU',
      'On site 9:12 am – 10:03 am, 1:00 pm – 1:40 pm',
      'On site since 4:05 pm',
      'On site yesterday 10:30 pm – 1:15 am',
    ],
    [
      'en-US',
      'On site 9:12 AM – 10:03 AM, 1:00 PM – 1:40 PM',
      'On site since 4:05 PM',
      'On site yesterday 10:30 PM – 1:15 AM',
    ],
    ['en-GB', 'On site 09:12 – 10:03, 13:00 – 13:40', 'On site since 16:05', 'On site yesterday 22:30 – 01:15'],
  ])('in %s', (locale, two, running, overnight) => {
    const day = '2026-11-21';
    const spans = [
      { start: '2026-11-21 09:12:00', end: '2026-11-21 10:03:00' },
      { start: '2026-11-21 13:00:00', end: '2026-11-21 13:40:00' },
    ];
    expect(plain(onSiteText(spans, day, locale))).toBe(two);
    expect(plain(onSiteText([{ start: '2026-11-21 16:05:00', end: null }], day, locale))).toBe(running);
    expect(plain(onSiteText([{ start: '2026-11-20 22:30:00', end: '2026-11-21 01:15:00' }], day, locale))).toBe(
      overnight,
    );
  });
});
