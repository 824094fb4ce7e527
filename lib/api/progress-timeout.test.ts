import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWatchdog, isNoProgressError, NoProgressError } from './progress-timeout';

/** A watchdog on the (fake) clock, and the limits it fired with. */
function watched() {
  const fired: number[] = [];
  const dog = createWatchdog(
    (ms) => fired.push(ms),
    () => Date.now(),
  );
  return { fired, dog };
}

describe('createWatchdog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays quiet while fed, and fires once when the quiet lasts the whole limit', () => {
    const { fired, dog } = watched();
    dog.arm(100);
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(60);
      dog.feed();
    }
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([100]);
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([100]);
  });

  it('re-arming starts a new limit from now; stop ends the watch', () => {
    const { fired, dog } = watched();
    dog.arm(100);
    vi.advanceTimersByTime(90);
    dog.arm(500);
    vi.advanceTimersByTime(400);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([500]);
    dog.arm(100);
    dog.stop();
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([500]);
  });
});

describe('NoProgressError', () => {
  it('says which wait went quiet, and is known by its name across a message boundary', () => {
    expect(new NoProgressError('answer', 30_000, 0).message).toBe('no answer from the platform within 30 s');
    expect(new NoProgressError('body', 1500, 2048).message).toBe(
      'the platform stopped sending: nothing arrived for 1.5 s after 2048 bytes of the answer',
    );
    const cloned = structuredClone({ name: 'NoProgressError', message: 'x' });
    expect(isNoProgressError(cloned)).toBe(true);
    expect(isNoProgressError(new Error('x'))).toBe(false);
  });
});
