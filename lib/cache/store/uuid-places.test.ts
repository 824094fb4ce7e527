import { describe, expect, it } from 'vitest';
import { UuidPlaces, uuidHash } from './uuid-places';

const uuid = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

describe('UuidPlaces', () => {
  it('answers as a Map does through growth, replacements, deletions and re-additions', () => {
    const table = new UuidPlaces();
    const map = new Map<string, number>();
    const put = (key: string, value: number) => {
      table.set(key, uuidHash(key), value);
      map.set(key, value);
    };
    for (let i = 0; i < 5_000; i++) put(uuid(i), i);
    for (let i = 0; i < 5_000; i += 3) put(uuid(i), 1e9 + i); // a replaced value
    for (let i = 0; i < 5_000; i += 2) {
      expect(table.delete(uuid(i), uuidHash(uuid(i)))).toBe(true);
      map.delete(uuid(i));
    }
    expect(table.delete(uuid(0), uuidHash(uuid(0)))).toBe(false); // gone already
    for (let i = 0; i < 5_000; i += 4) put(uuid(i), 2e9 + i); // deleted, then added again
    for (let i = 5_000; i < 20_000; i++) put(uuid(i), i); // grows past the deleted slots
    for (let i = 0; i < 20_500; i++) expect(table.get(uuid(i), uuidHash(uuid(i)))).toBe(map.get(uuid(i)));
    expect(table.size).toBe(map.size);
  });

  it('tells uuids apart when their hashes are equal, and finds one only by the hash it was filed under', () => {
    const table = new UuidPlaces(4);
    table.set('a', 7, 1);
    table.set('b', 7, 2);
    table.set('c', 7 + 16, 3); // the same first slot in a table of 16
    expect([table.get('a', 7), table.get('b', 7), table.get('c', 23)]).toEqual([1, 2, 3]);
    expect(table.get('a', 8)).toBeUndefined();
    table.delete('a', 7);
    expect([table.get('a', 7), table.get('b', 7), table.get('c', 23)]).toEqual([undefined, 2, 3]);
    table.set('b', 7, 4); // past the deleted slot: replaced, not added twice
    expect(table.size).toBe(2);
    expect(table.get('b', 7)).toBe(4);
  });

  it('forgets everything on clear and works again after it', () => {
    const table = new UuidPlaces();
    table.set(uuid(1), uuidHash(uuid(1)), 1);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get(uuid(1), uuidHash(uuid(1)))).toBeUndefined();
    table.set(uuid(2), uuidHash(uuid(2)), 2);
    expect(table.get(uuid(2), uuidHash(uuid(2)))).toBe(2);
  });

  it('keeps places past 2³¹ (a packed segment and position)', () => {
    const table = new UuidPlaces();
    table.set(uuid(1), uuidHash(uuid(1)), 40_000 * 65_536 + 999);
    expect(table.get(uuid(1), uuidHash(uuid(1)))).toBe(40_000 * 65_536 + 999);
  });
});
