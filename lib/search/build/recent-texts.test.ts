import { describe, expect, it } from 'vitest';
import { RecentTexts } from './recent-texts';

describe('RecentTexts', () => {
  it('finds a text added before by the same characters, not by the same string object', () => {
    const recent = new RecentTexts(1 << 4);
    expect(recent.find('Boiler service')).toBe(-1);
    recent.add('Boiler service', 7);
    expect(recent.find(['Boiler', 'service'].join(' '))).toBe(7);
    expect(recent.find('Boiler servicE')).toBe(-1);
    expect(recent.find('boiler service')).toBe(-1);
    recent.add('', 3);
    expect(recent.find('')).toBe(3);
  });

  it('forgets a text whose place another takes, and never answers for the wrong text', () => {
    const recent = new RecentTexts(1); // one place: every text takes it over
    recent.add('Acme Ltd', 1);
    recent.add('Straße 5', 2);
    expect(recent.find('Acme Ltd')).toBe(-1);
    expect(recent.find('Straße 5')).toBe(2);
    const many = new RecentTexts(1 << 6);
    const texts = Array.from({ length: 500 }, (_, i) => `${i % 7} Elm Road, unit ${i}`);
    texts.forEach((text, i) => many.add(text, i));
    texts.forEach((text, i) => expect([-1, i]).toContain(many.find(text)));
    expect(texts.filter((text, i) => many.find(text) === i).length).toBeGreaterThan(0);
  });

  it('gives up when fewer than a quarter of its first 8,192 lookups hit, and not when more do', () => {
    /** A cache after 8,192 distinct texts, each looked up again when `i % again === 0`. */
    const after = (again: number) => {
      const cache = new RecentTexts(1 << 10);
      for (let i = 0; i < 8_192; i++) {
        const text = `job ${i}`;
        if (cache.find(text) < 0) cache.add(text, i);
        if (i % again === 0) cache.find(text);
      }
      cache.add('Acme Ltd', 1);
      return cache;
    };
    expect(after(5).find('Acme Ltd')).toBe(-1); // a sixth of the lookups hit
    const common = after(2); // a third of the lookups hit
    expect(common.find('Acme Ltd')).toBe(1);
  });
});
