import { describe, expect, it } from 'vitest';
import { planPlacement } from './segment-writer';
import { SEGMENT_SIZE } from './lookup';
import { uuidHash } from './uuid-places';

const rec = (uuid: string, v: number) => ({ uuid, v });

describe('planPlacement', () => {
  it('appends a uuid met twice in a batch once, at its first place, with its later copy', () => {
    const records = [rec('a', 1), rec('b', 1), rec('a', 2), rec('c', 1), rec('b', 2)];
    const plan = planPlacement(records, () => undefined, { segment: 0, size: SEGMENT_SIZE - 2 });
    expect(plan.added).toBe(3);
    expect(plan.replaced).toBe(0);
    expect([...plan.append]).toEqual([
      [0, [rec('a', 2), rec('b', 2)]],
      [1, [rec('c', 1)]],
    ]);
  });

  it('appends moved jobs after new ones, each once, and supersedes their old slots (append placement)', () => {
    const stored = new Map([
      ['m', { segment: 0, position: 5 }],
      ['t', { segment: 3, position: 1 }],
    ]);
    const records = [rec('m', 1), rec('n', 1), rec('m', 2), rec('t', 1), rec('n', 2)];
    const plan = planPlacement(records, (uuid) => stored.get(uuid), { segment: 3, size: 10 }, 'append');
    expect(plan.added).toBe(1);
    expect(plan.replaced).toBe(2);
    expect([...plan.append]).toEqual([[3, [rec('n', 2), rec('m', 2)]]]);
    expect([...plan.replace]).toEqual([[3, new Map([[1, rec('t', 1)]])]]); // the tail has room: in place
    expect([...plan.supersede]).toEqual([[0, new Set([5])]]);
  });

  it('a batch larger than the table it starts with still finds every uuid (10,000 distinct, then again)', () => {
    const records = Array.from({ length: 20_000 }, (_, i) => rec(`u${i % 10_000}`, i));
    const plan = planPlacement(records, () => undefined, { segment: -1, size: 0 });
    expect(plan.added).toBe(10_000);
    const appended = [...plan.append.values()].flat();
    expect(appended.map((r) => r.v)).toEqual(Array.from({ length: 10_000 }, (_, i) => 10_000 + i));
  });

  it("gives each appended record's uuid hash in the order it is appended, segment by segment", () => {
    const records = [rec('a', 1), rec('b', 1), rec('a', 2), rec('c', 1), rec('m', 1)];
    const plan = planPlacement(
      records,
      (uuid) => (uuid === 'm' ? { segment: 0, position: 3 } : undefined),
      { segment: 1, size: SEGMENT_SIZE - 1 },
      'append',
    );
    expect([...plan.append.keys()]).toEqual([1, 2]);
    for (const [segment, list] of plan.append) {
      expect(plan.appendHashes.get(segment)).toEqual(list.map((r) => uuidHash(r.uuid)));
    }
  });
});
