import { describe, expect, it } from 'vitest';
import { createDedupWindow } from './dedup-window';

describe('dedup window', () => {
  it('keeps exactly the newest maxKeys keys through many times its size, the oldest dropped first', () => {
    const window = createDedupWindow({ maxKeys: 100, ttlMs: 1000, now: () => 0 });
    // Far past the queue's compaction point (1,024 dropped slots), several times over.
    for (let i = 0; i < 5000; i++) expect(window.add(`k${i}`)).toBe(true);
    const kept = Array.from({ length: 5000 }, (_, i) => i).filter((i) => window.has(`k${i}`));
    expect(kept).toEqual(Array.from({ length: 100 }, (_, i) => 4900 + i));
    expect(window.add('k4999')).toBe(false);
    expect(window.add('k4899')).toBe(true); // dropped by the bound: new again
  });

  it('keeps a key remembered again after it expired for its new lifetime, whatever its old place in line', () => {
    let now = 0;
    const window = createDedupWindow({ maxKeys: 10, ttlMs: 1000, now: () => now });
    window.add('again');
    window.add('other');
    now = 1000; // both expired
    expect(window.has('again')).toBe(false);
    expect(window.add('again')).toBe(true);
    // The key's first place in line is dropped now; its second is the one that counts.
    for (let i = 0; i < 8; i++) window.add(`filler${i}`);
    now = 1999;
    expect(window.has('again')).toBe(true);
    expect(window.add('again')).toBe(false);
    expect(window.has('other')).toBe(false);
    now = 2000;
    expect(window.has('again')).toBe(false);
  });

  it('drops expired keys as new ones come, so an idle account holds only what is still within the window', () => {
    let now = 0;
    const window = createDedupWindow({ maxKeys: 1000, ttlMs: 1000, now: () => now });
    for (let i = 0; i < 500; i++) window.add(`early${i}`);
    now = 1500;
    window.add('late');
    now = 1600;
    // Had the expired keys stayed, these 999 would push `late` out of the 1,000 kept.
    for (let i = 0; i < 999; i++) window.add(`later${i}`);
    expect(window.has('late')).toBe(true);
    expect(window.has('later0')).toBe(true);
  });
});
