import { describe, expect, it, vi } from 'vitest';
import { createCoalescer } from './coalesce';

interface Item {
  uuid: string;
  n: number;
}

function setup(opts: { delayMs?: number; maxDelayMs?: number; flushMs?: number } = {}) {
  const batches: Item[][] = [];
  const coalescer = createCoalescer<Item>({
    key: (i) => i.uuid,
    delayMs: opts.delayMs ?? 40,
    maxDelayMs: opts.maxDelayMs ?? 250,
    flush: async (items) => {
      batches.push(items);
      if (opts.flushMs) await new Promise((r) => setTimeout(r, opts.flushMs));
    },
  });
  return { batches, coalescer };
}

describe('createCoalescer', () => {
  it('turns a burst of changes of one record into one flush with the latest change', async () => {
    vi.useFakeTimers();
    const { batches, coalescer } = setup();
    for (let n = 1; n <= 5; n++) coalescer.add({ uuid: 'a', n });
    coalescer.add({ uuid: 'b', n: 6 });
    await vi.advanceTimersByTimeAsync(39);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [
        { uuid: 'a', n: 5 },
        { uuid: 'b', n: 6 },
      ],
    ]);
    vi.useRealTimers();
  });

  it('orders a batch by each record’s latest change', async () => {
    vi.useFakeTimers();
    const { batches, coalescer } = setup();
    coalescer.add({ uuid: 'a', n: 1 });
    coalescer.add({ uuid: 'b', n: 2 });
    coalescer.add({ uuid: 'a', n: 3 });
    await vi.advanceTimersByTimeAsync(40);
    expect(batches).toEqual([
      [
        { uuid: 'b', n: 2 },
        { uuid: 'a', n: 3 },
      ],
    ]);
    vi.useRealTimers();
  });

  it('flushes a steady stream at the maximum delay instead of waiting for quiet', async () => {
    vi.useFakeTimers();
    const { batches, coalescer } = setup({ delayMs: 40, maxDelayMs: 100 });
    for (let t = 0; t < 200; t += 20) {
      coalescer.add({ uuid: `r${t}`, n: t });
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches[0]!.length).toBe(5); // 0, 20, 40, 60, 80 went out at 100 ms
    vi.useRealTimers();
  });

  it('runs one flush at a time; changes during a flush go in the next batch', async () => {
    vi.useFakeTimers();
    const { batches, coalescer } = setup({ flushMs: 100 });
    coalescer.add({ uuid: 'a', n: 1 });
    await vi.advanceTimersByTimeAsync(40); // flush of [a1] starts, takes 100 ms
    coalescer.add({ uuid: 'a', n: 2 });
    coalescer.add({ uuid: 'a', n: 3 });
    await vi.advanceTimersByTimeAsync(60);
    expect(batches).toEqual([[{ uuid: 'a', n: 1 }]]);
    const idle = coalescer.idle();
    await vi.advanceTimersByTimeAsync(200);
    await idle;
    expect(batches).toEqual([[{ uuid: 'a', n: 1 }], [{ uuid: 'a', n: 3 }]]);
    vi.useRealTimers();
  });

  it('keeps going after a failed flush, and cancel drops what is queued', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const coalescer = createCoalescer<Item>({
      key: (i) => i.uuid,
      flush: async () => {
        calls++;
        throw new Error('boom');
      },
    });
    coalescer.add({ uuid: 'a', n: 1 });
    await vi.advanceTimersByTimeAsync(40);
    coalescer.add({ uuid: 'b', n: 2 });
    await vi.advanceTimersByTimeAsync(40);
    expect(calls).toBe(2);
    coalescer.add({ uuid: 'c', n: 3 });
    coalescer.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    await expect(coalescer.idle()).resolves.toBeUndefined();
    vi.useRealTimers();
  });
});
