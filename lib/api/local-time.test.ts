import { describe, expect, it } from 'vitest';
import { localTimestamp } from './local-time';

describe('localTimestamp', () => {
  it('writes the account-local time the platform uses for edit_date', () => {
    const cases = [
      // Sydney is UTC+11 in January (daylight saving), UTC+10 in July.
      { at: '2026-01-15T00:30:00Z', zone: 'Australia/Sydney', local: '2026-01-15 11:30:00' },
      { at: '2026-07-15T00:30:00Z', zone: 'Australia/Sydney', local: '2026-07-15 10:30:00' },
      { at: '2026-03-01T23:59:59Z', zone: 'America/New_York', local: '2026-03-01 18:59:59' },
      { at: '2026-03-01T00:00:00Z', zone: 'UTC', local: '2026-03-01 00:00:00' },
      // Unknown zone: the earliest local time anywhere (UTC-12), so nothing is missed.
      { at: '2026-03-01T12:00:00Z', zone: 'Not/AZone', local: '2026-03-01 00:00:00' },
    ];
    for (const c of cases) expect(localTimestamp(Date.parse(c.at), c.zone)).toBe(c.local);
    expect(localTimestamp(Date.parse('2026-03-01T12:00:00Z'), null)).toBe('2026-03-01 00:00:00');
  });
});
