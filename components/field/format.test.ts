import { describe, expect, it } from 'vitest';
import { onSiteText } from './format';

describe('time on site in words', () => {
  it.each([
    [[{ start: '2026-11-21 09:12:00', end: '2026-11-21 10:03:00' }], 'On site 09:12–10:03'],
    [
      [
        { start: '2026-11-21 09:12:00', end: '2026-11-21 10:03:00' },
        { start: '2026-11-21 13:00:00', end: '2026-11-21 13:40:00' },
      ],
      'On site 09:12–10:03, 13:00–13:40',
    ],
    [[{ start: '2026-11-21 16:05:00', end: null }], 'On site since 16:05'],
    [[{ start: '2026-11-20 22:30:00', end: '2026-11-21 01:15:00' }], 'On site 2026-11-20 22:30–01:15'],
  ])('%j reads "%s"', (times, text) => {
    expect(onSiteText(times, '2026-11-21')).toBe(text);
  });
});
