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
    const rare = new RecentTexts(1 << 10);
    for (let i = 0; i < 8_192; i++) {
      const text = `job ${i}`;
      if (rare.find(text) < 0) rare.add(text, i);
      if (i % 5 === 0) rare.find(text); // a sixth of the lookups hit
    }
    rare.add('Acme Ltd', 1);
    expect(rare.find('Acme Ltd')).toBe(-1);
    const common = new RecentTexts(1 << 10);
    for (let i = 0; i < 8_192; i++) {
      const text = `job ${i}`;
      if (common.find(text) < 0) common.add(text, i);
      if (i % 2 === 0) common.find(text); // a third of the lookups hit
    }
    common.add('Acme Ltd', 1);
    expect(common.find('Acme Ltd')).toBe(1);
  });
});
