import { describe, expect, it } from 'vitest';
import { describeFreshness } from './freshness';

describe('describeFreshness', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const cases: Array<[number | null, string]> = [
    [null, 'not synced yet'],
    [now - 20_000, 'updated just now'],
    [now + 5_000, 'updated just now'],
    [now - 5 * 60_000, 'updated 5 min ago'],
    [now - 59 * 60_000, 'updated 59 min ago'],
    [now - 3 * 3_600_000, 'updated 3 h ago'],
    [now - 5 * 86_400_000, 'updated 5 days ago'],
  ];
  it.each(cases)('%s → %s', (last, words) => expect(describeFreshness(last, now)).toBe(words));
});
