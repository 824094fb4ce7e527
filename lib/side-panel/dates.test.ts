import { describe, expect, it } from 'vitest';
import { dayRange } from './dates';

describe('account-local days', () => {
  it('bounds a day from midnight to the next midnight', () => {
    expect(dayRange('2026-11-21')).toEqual({ from: '2026-11-21 00:00:00', to: '2026-11-22 00:00:00' });
    expect(dayRange('2026-12-31')).toEqual({ from: '2026-12-31 00:00:00', to: '2027-01-01 00:00:00' });
  });
});
