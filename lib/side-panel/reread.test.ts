import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReread } from './reread';

describe('createReread', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A read that stays in flight until `finish()`. */
  function slowRead() {
    const finishes: Array<() => void> = [];
    const read = vi.fn(() => new Promise<void>((resolve) => finishes.push(resolve)));
    return { read, finish: () => finishes.shift()?.() };
  }

  it('reads once a burst of events has settled', async () => {
    const { read, finish } = slowRead();
    const reread = createReread(read, 300);
    for (let i = 0; i < 50; i++) {
      reread.soon();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(read).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(read).toHaveBeenCalledTimes(1);
    finish();
  });

  it('while a read is in flight, any number of events ask for one more read after it, not one each', async () => {
    const { read, finish } = slowRead();
    const reread = createReread(read, 300);
    reread.soon();
    await vi.advanceTimersByTimeAsync(300);
    expect(read).toHaveBeenCalledTimes(1);
    // The platform is failing: the read takes a minute of retries while events keep coming.
    for (let i = 0; i < 100; i++) {
      reread.soon();
      await vi.advanceTimersByTimeAsync(600);
    }
    expect(read).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(read).toHaveBeenCalledTimes(2);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(2); // nothing asked meanwhile: no third read
  });

  it('a failed read does not stop later ones; stop() cancels what is waiting', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(undefined);
    const reread = createReread(read, 300);
    reread.soon();
    await vi.advanceTimersByTimeAsync(300);
    reread.soon();
    await vi.advanceTimersByTimeAsync(300);
    expect(read).toHaveBeenCalledTimes(2);
    reread.soon();
    reread.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
