import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createKeptRetry } from './kept-retry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('reads a kept view again after growing waits, the last repeating, and starts over once an answer is fresh', () => {
  let reads = 0;
  const retry = createKeptRetry(() => void reads++, { delays: [5, 15, 30] });
  const readsAfter = (ms: number) => {
    vi.advanceTimersByTime(ms);
    return reads;
  };
  retry.answered(true);
  expect(readsAfter(4)).toBe(0);
  expect(readsAfter(1)).toBe(1);
  retry.answered(true); // still kept
  expect(readsAfter(14)).toBe(1);
  expect(readsAfter(1)).toBe(2);
  retry.answered(true);
  expect(readsAfter(30)).toBe(3);
  retry.answered(true);
  expect(readsAfter(29)).toBe(3);
  expect(readsAfter(1)).toBe(4); // the last wait repeats
  retry.answered(false); // read afresh: no more reads
  expect(readsAfter(1_000)).toBe(4);
  retry.answered(true); // kept again later: the waits start over
  expect(readsAfter(5)).toBe(5);
});

it('reads nothing while paused (the daily limit), and reads once it is lifted', () => {
  let reads = 0;
  let paused = true;
  const retry = createKeptRetry(() => void reads++, { delays: [5, 10], paused: () => paused });
  retry.answered(true);
  vi.advanceTimersByTime(100);
  expect(reads).toBe(0);
  paused = false;
  vi.advanceTimersByTime(10);
  expect(reads).toBe(1);
});

it('one read pending at a time, none after stop', () => {
  let reads = 0;
  const retry = createKeptRetry(() => void reads++, { delays: [5] });
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
