import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createKeptRetry, KEPT_RETRY } from './kept-retry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** At the top of each jittered wait (random just under 1): the wait is its whole step. */
const top = () => 0.999_999;

it('reads a kept view again after growing waits, the last repeating, and starts over once an answer is fresh', () => {
  let reads = 0;
  const retry = createKeptRetry(() => void reads++, { policy: { baseMs: 10, maxMs: 40 }, random: top });
  const readsAfter = (ms: number) => {
    vi.advanceTimersByTime(ms);
    return reads;
  };
  retry.answered(true);
  expect(readsAfter(9)).toBe(0);
  expect(readsAfter(1)).toBe(1);
  retry.answered(true); // still kept
  expect(readsAfter(19)).toBe(1);
  expect(readsAfter(1)).toBe(2);
  retry.answered(true);
  expect(readsAfter(40)).toBe(3);
  retry.answered(true);
  expect(readsAfter(39)).toBe(3);
  expect(readsAfter(1)).toBe(4); // the longest wait repeats
  retry.answered(false); // read afresh: no more reads
  expect(readsAfter(1_000)).toBe(4);
  retry.answered(true); // kept again later: the waits start over
  expect(readsAfter(10)).toBe(5);
});

it('spreads the panels that went kept together: each wait lies between half its step and all of it', () => {
  const firstReads: number[] = [];
  for (const random of [0, 0.25, 0.5, 0.75, top()]) {
    const startedAt = Date.now();
    const retry = createKeptRetry(() => firstReads.push(Date.now() - startedAt), { random: () => random });
    retry.answered(true);
    vi.advanceTimersByTime(KEPT_RETRY.baseMs);
    retry.stop();
  }
  expect(firstReads).toEqual([2_500, 3_125, 3_750, 4_375, 5_000]);
});

it('waits 1-2 minutes once the waits have grown, however long the view stays kept', () => {
  const readAt: number[] = [];
  const startedAt = Date.now();
  // Each read again finds the platform still refusing: the view stays kept.
  const retry = createKeptRetry(
    () => {
      readAt.push(Date.now() - startedAt);
      retry.answered(true);
    },
    { random: () => 0 },
  );
  retry.answered(true);
  vi.advanceTimersByTime(30 * 60_000);
  const waits = readAt.map((at, i) => at - (readAt[i - 1] ?? 0));
  expect(waits.slice(0, 6)).toEqual([2_500, 5_000, 10_000, 20_000, 40_000, 60_000]);
  expect(new Set(waits.slice(5))).toEqual(new Set([60_000]));
  expect(waits.length).toBeGreaterThan(20);
});

it('reads nothing while paused (the daily limit), and reads once it is lifted', () => {
  let reads = 0;
  let paused = true;
  const retry = createKeptRetry(() => void reads++, {
    policy: { baseMs: 5, maxMs: 10 },
    random: top,
    paused: () => paused,
  });
  retry.answered(true);
  vi.advanceTimersByTime(100);
  expect(reads).toBe(0);
  paused = false;
  vi.advanceTimersByTime(10);
  expect(reads).toBe(1);
});

it('one read pending at a time, none after stop', () => {
  let reads = 0;
  const retry = createKeptRetry(() => void reads++, { policy: { baseMs: 5, maxMs: 5 }, random: top });
  retry.answered(true);
  retry.answered(true); // a second kept answer before the wait ended replaces the wait, not adds one
  vi.advanceTimersByTime(5);
  expect(reads).toBe(1);
  retry.answered(true);
  retry.stop();
  vi.advanceTimersByTime(100);
  expect(reads).toBe(1);
  retry.answered(true);
  vi.advanceTimersByTime(100);
  expect(reads).toBe(1);
});
