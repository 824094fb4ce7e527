import { describe, expect, it } from 'vitest';
import { lowerCase, ref } from './fields';

describe('lowerCase', () => {
  it('gives the very string back when there is nothing to lower, and lowers any other as toLowerCase does', () => {
    const uuid = 'a8b3c2d1-0e4f-4a6b-9c8d-7e6f5a4b3c2d';
    expect(lowerCase(uuid)).toBe(uuid);
    expect(lowerCase('A8B3C2D1-0E4F-4A6B-9C8D-7E6F5A4B3C2D')).toBe(uuid);
    for (const text of ['', '#1042', 'JOB-7', 'Ärger', 'ÉCOLE 12', 'straße', 'İstanbul', 'ΣΑΣ'])
      expect(lowerCase(text)).toBe(text.toLowerCase());
  });

  it("reads a reference in upper case as the same lower-case uuid (the platform's references are compared so)", () => {
    expect(ref.read('A8B3C2D1-0E4F-4A6B-9C8D-7E6F5A4B3C2D')).toBe('a8b3c2d1-0e4f-4a6b-9c8d-7e6f5a4b3c2d');
  });
});
