import { describe, expect, it } from 'vitest';
import { createMemoryFeedStore } from './memory-store';
import type { NewChange } from './types';

const change = (n: number): NewChange => ({
  object: 'job',
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  changed_fields: ['status'],
  time: '2026-11-21 06:00:00',
  resource_url: `http://p/api_1.0/job/${n}.json`,
});

describe('memory feed store', () => {
  it('keeps the newest maxEntries per account, in order, and pages from any position', async () => {
    const store = createMemoryFeedStore({ maxEntries: 4 });
    const ids: string[] = [];
    for (let i = 1; i <= 10; i++) ids.push((await store.append('a', change(i), `k${i}`))!);
    const all = await store.read('a', undefined, 100);
    expect(all.changes.map((c) => c.uuid)).toEqual([7, 8, 9, 10].map((i) => change(i).uuid));
    expect(all.position).toBe(ids[9]);
    expect(await store.position('a')).toBe(ids[9]);
    // A position older than everything kept starts from the oldest kept.
    expect((await store.read('a', ids[0], 2)).changes.map((c) => c.id)).toEqual([ids[6], ids[7]]);
    expect((await store.read('a', ids[8], 100)).changes.map((c) => c.id)).toEqual([ids[9]]);
    expect(await store.read('b', undefined, 10)).toEqual({ changes: [], position: '0' });
  });

  it('drops a repeated dedup key per account, not across accounts', async () => {
    const store = createMemoryFeedStore({ maxEntries: 10 });
    expect(await store.append('a', change(1), 'same')).not.toBeNull();
    expect(await store.append('a', change(1), 'same')).toBeNull();
    expect(await store.append('b', change(1), 'same')).not.toBeNull();
  });

  it('forgets dedup keys after the retry window', async () => {
    let now = 0;
    const store = createMemoryFeedStore({ maxEntries: 10, now: () => now });
    expect(await store.append('a', change(1), 'k')).not.toBeNull();
    now += 72 * 3600_000;
    expect(await store.append('a', change(1), 'k')).toBeNull();
    now += 2 * 3600_000;
    expect(await store.append('a', change(1), 'k')).not.toBeNull();
  });

  it('replays everything kept to a client whose position came from an earlier instance', async () => {
    const before = createMemoryFeedStore({ maxEntries: 10 });
    for (let i = 1; i <= 5; i++) await before.append('a', change(i), `k${i}`);
    const oldPosition = await before.position('a');
    const after = createMemoryFeedStore({ maxEntries: 10 });
    await after.append('a', change(6), 'k6');
    expect((await after.read('a', oldPosition, 10)).changes.map((c) => c.uuid)).toEqual([change(6).uuid]);
  });

  it('rejects positions it never hands out', async () => {
    const store = createMemoryFeedStore({ maxEntries: 10 });
    for (const bad of ['x', '-1', '1-2-3', '1795243663567-0']) {
      await expect(store.read('a', bad, 10)).rejects.toThrow(/Invalid feed position/);
    }
  });

  it('tells subscribers of every append until they unsubscribe', async () => {
    const store = createMemoryFeedStore({ maxEntries: 10 });
    let pokes = 0;
    const unsubscribe = await store.subscribe('a', () => pokes++);
    await store.append('a', change(1), 'k1');
    await store.append('b', change(2), 'k2');
    unsubscribe();
    await store.append('a', change(3), 'k3');
    expect(pokes).toBe(1);
  });
});
