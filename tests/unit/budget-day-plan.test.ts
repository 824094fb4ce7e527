import { describe, expect, it } from 'vitest';
import { busyMinute, createRandom, DAY_MINUTES } from '../../bench/budget/day-plan';

describe("the budget bench's day of changes", () => {
  it('spreads the humps over the day: the first and last minutes hold no more than the minutes beside them', () => {
    const random = createRandom(1);
    const perMinute = new Array<number>(DAY_MINUTES).fill(0);
    for (let i = 0; i < 100_000; i++) perMinute[busyMinute(random)]! += 1;
    const mean = (from: number, to: number) => perMinute.slice(from, to).reduce((a, b) => a + b, 0) / (to - from);
    expect(perMinute.every((n, minute) => n >= 0 && minute < DAY_MINUTES)).toBe(true);
    // The day's edges sit in the humps' thin tails: each as busy as its neighbours, not the tails piled up.
    expect(perMinute[0]).toBeLessThanOrEqual(2 * mean(1, 11) + 5);
    expect(perMinute[DAY_MINUTES - 1]).toBeLessThanOrEqual(2 * mean(DAY_MINUTES - 11, DAY_MINUTES - 1) + 5);
    // And the humps are where the office is busiest: mid-morning above the day's first half hour.
    expect(mean(110, 130)).toBeGreaterThan(mean(0, 30));
  });
});
