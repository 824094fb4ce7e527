import { describe, expect, it } from 'vitest';
import { giveBackBodyBuffer, SHARED_FROM_BYTES, takeBodyBuffer } from './body-buffer';

describe('body buffers', () => {
  it('hands the buffer of a large body on to the next large body that fits in it, once', () => {
    const first = takeBodyBuffer(2 * SHARED_FROM_BYTES);
    expect(first.byteLength).toBe(2 * SHARED_FROM_BYTES);
    giveBackBodyBuffer(first);
    expect(takeBodyBuffer(SHARED_FROM_BYTES + 5)).toBe(first);
    // Taken: the next one is a buffer of its own.
    const second = takeBodyBuffer(SHARED_FROM_BYTES + 5);
    expect(second).not.toBe(first);
    expect(second.byteLength).toBe(SHARED_FROM_BYTES + 5);
  });

  it('gives a larger body, and any small one, a buffer of its own', () => {
    const spare = takeBodyBuffer(SHARED_FROM_BYTES);
    giveBackBodyBuffer(spare);
    expect(takeBodyBuffer(SHARED_FROM_BYTES + 1)).not.toBe(spare);
    const small = takeBodyBuffer(100);
    expect(small).not.toBe(spare);
    expect(small.byteLength).toBe(100);
    expect(takeBodyBuffer(SHARED_FROM_BYTES)).toBe(spare);
  });

  it('keeps the larger of two buffers handed back, and no small one', () => {
    const large = takeBodyBuffer(3 * SHARED_FROM_BYTES);
    const smaller = takeBodyBuffer(2 * SHARED_FROM_BYTES);
    giveBackBodyBuffer(large);
    giveBackBodyBuffer(smaller);
    giveBackBodyBuffer(new ArrayBuffer(10));
    expect(takeBodyBuffer(SHARED_FROM_BYTES)).toBe(large);
  });
});
