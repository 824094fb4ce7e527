import { describe, expect, it } from 'vitest';
import { UUID_PATTERN } from '../../contracts/uuid';
import * as f from './fields';
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

describe('the uuid reader, by character codes', () => {
  const U = '0b7e4c1a-1111-4a2b-9c3d-1234567890ab';
  /** What the reader must answer: UUID_PATTERN's verdict, lower-cased. */
  const expected = (text: string) => (UUID_PATTERN.test(text) ? text.toLowerCase() : f.INVALID);

  it.each([
    ['lower case', U, U],
    ['capitals', U.toUpperCase(), U],
    ['mixed case', '0B7e4C1a-1111-4A2b-9C3d-1234567890AB', U],
    ['too short', U.slice(1), f.INVALID],
    ['too long', `${U}a`, f.INVALID],
    ['no dashes', `${U.replaceAll('-', '')}0000`, f.INVALID],
    ['a dash out of place', '0b7e4c1-a1111-4a2b-9c3d-1234567890ab', f.INVALID],
    ['non-hex in the first group', 'gb7e4c1a-1111-4a2b-9c3d-1234567890ab', f.INVALID],
    ['non-hex in the second group', '0b7e4c1a-1G11-4a2b-9c3d-1234567890ab', f.INVALID],
    ['non-hex in the third group', '0b7e4c1a-1111-4a2z-9c3d-1234567890ab', f.INVALID],
    ['non-hex in the fourth group', '0b7e4c1a-1111-4a2b-9c d-1234567890ab', f.INVALID],
    ['non-hex in the fifth group', '0b7e4c1a-1111-4a2b-9c3d-1234567890aé', f.INVALID],
    ['a letter past ASCII that lowers to hex', '0b7e4c1a-1111-4a2b-9c3d-1234567890a\u212A', f.INVALID],
    ['a number', 42, f.INVALID],
    ['missing', undefined, f.INVALID],
  ] as Array<[string, unknown, unknown]>)('%s', (_label, input, output) => {
    expect(f.readUuid(input)).toBe(output);
    expect(f.uuid.read(input)).toBe(output);
    if (typeof input === 'string') expect(f.readUuid(input)).toBe(expected(input));
  });

  it('accepts exactly what UUID_PATTERN accepts: every position, every kind of character, in either case', () => {
    const chars = [
      '0',
      '9',
      'a',
      'f',
      'g',
      'A',
      'F',
      'G',
      'z',
      'Z',
      '-',
      ' ',
      '\n',
      'é',
      'É',
      'İ',
      'ſ',
      '\u212A',
      '\uffff',
    ];
    let accepted = 0;
    for (const base of [U, U.toUpperCase()]) {
      for (let i = 0; i < base.length; i++) {
        for (const c of chars) {
          const text = base.slice(0, i) + c + base.slice(i + 1);
          expect(f.readUuid(text), JSON.stringify(text)).toBe(expected(text));
          if (f.readUuid(text) !== f.INVALID) accepted++;
        }
      }
    }
    // Some of each: hex digits in the groups pass, everything else fails.
    expect(accepted).toBeGreaterThan(36 * 2);
  });

  it("reads the badges' uuids the same way", () => {
    expect(f.readBadges(`["${U.toUpperCase()}"]`)).toEqual([U]);
    expect(f.readBadges(`["${U.slice(1)}"]`)).toBe(f.INVALID);
  });
});

describe("the readers' short paths answer as the whole readers do", () => {
  it.each([
    ['flag "true"', f.readFlag, 'true', true],
    ['flag "false"', f.readFlag, 'false', false],
    ['flag null', f.readFlag, null, false],
    ['active null', f.readActive, null, true],
    ['active 0', f.readActive, 0, false],
    ['active 2', f.readActive, 2, f.INVALID],
    ['number Infinity', f.readNum, Number.POSITIVE_INFINITY, f.INVALID],
    ['number as blank text', f.readNum, ' ', f.INVALID],
    ['number null', f.readNum, null, null],
    ['date as a number', f.readDate, 20260301, f.INVALID],
    ['date missing', f.readDate, undefined, null],
    ['date with T', f.readDate, '2026-03-01T12:00', '2026-03-01T12:00'],
    ['text Infinity', f.readText, Number.POSITIVE_INFINITY, f.INVALID],
    ['text missing', f.readText, undefined, ''],
    ['ref as a number', f.readRef, 12, f.INVALID],
    ['ref null', f.readRef, null, null],
    ['ref of 36 characters without dashes', f.readRef, 'x'.repeat(36), f.INVALID],
    ['badges missing', f.readBadges, undefined, []],
    ['badges a number', f.readBadges, 3, f.INVALID],
  ] as Array<[string, (v: unknown) => unknown, unknown, unknown]>)('%s', (_label, read, input, output) => {
    expect(read(input)).toEqual(output);
  });
});
