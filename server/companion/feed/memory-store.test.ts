import { describe, expect, it } from 'vitest';
import { createMemoryFeedStore } from './memory-store';
import { dedupCapacity } from './types';
import type { AppendResult, NewChange } from './types';

const change = (n: number): NewChange => ({
  object: 'job',
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  changed_fields: ['status'],
  time: '2026-11-21 06:00:00',
  resource_url: `http://p/api_1.0/job/${n}.json`,
});

const idOf = (result: AppendResult): string => {
  if (result.kind !== 'appended') throw new Error(`not appended: ${result.kind}`);
  return result.id;
};

describe('memory feed store', () => {
  it('keeps the newest maxEntries per account, in order, and pages from any position', async () => {
    const store = createMemoryFeedStore({ maxEntries: 4 });
    const ids: string[] = [];
    for (let i = 1; i <= 10; i++) ids.push(idOf(await store.append('a', change(i), `k${i}`, 0)));
    const all = await store.read('a', undefined, 100);
    expect(all.changes.map((c) => c.uuid)).toEqual([7, 8, 9, 10].map((i) => change(i).uuid));
    expect(all.position).toBe(ids[9]);
    expect(await store.position('a')).toBe(ids[9]);
    // A position older than everything kept starts from the oldest kept, and says a gap was skipped.
    const trimmed = await store.read('a', ids[0], 2);
    expect(trimmed.changes.map((c) => c.id)).toEqual([ids[6], ids[7]]);
    expect(trimmed.gap).toBe(true);
    // The oldest kept change's predecessor is no gap: nothing after it was dropped.
    expect((await store.read('a', ids[5], 100)).gap).toBe(false);
    expect(await store.read('a', ids[8], 100)).toEqual({ changes: [expect.objectContaining({ id: ids[9] })], position: ids[9], gap: false });
    expect(await store.read('b', undefined, 10)).toEqual({ changes: [], position: '0', gap: false });
  });

  it('answers a gap to a reader that started from the beginning once the beginning is trimmed', async () => {
    const store = createMemoryFeedStore({ maxEntries: 2 });
    for (let i = 1; i <= 2; i++) await store.append('a', change(i), `k${i}`, 0);
    expect((await store.read('a', '0', 10)).gap).toBe(false);
    await store.append('a', change(3), 'k3', 0);
    expect((await store.read('a', '0', 10)).gap).toBe(true);
  });

  it('drops a repeated dedup key per account, not across accounts', async () => {
    const store = createMemoryFeedStore({ maxEntries: 10 });
    expect((await store.append('a', change(1), 'same', 0)).kind).toBe('appended');
    expect((await store.append('a', change(1), 'same', 0)).kind).toBe('duplicate');
    expect((await store.append('b', change(1), 'same', 0)).kind).toBe('appended');
  });

  it('forgets dedup keys after the retry window', async () => {
    let now = 0;
    const store = createMemoryFeedStore({ maxEntries: 10, now: () => now });
    expect((await store.append('a', change(1), 'k', 0)).kind).toBe('appended');
    now += 72 * 3600_000;
    expect((await store.append('a', change(1), 'k', 0)).kind).toBe('duplicate');
    now += 2 * 3600_000;
    expect((await store.append('a', change(1), 'k', 0)).kind).toBe('appended');
  });

  it('keeps a bounded number of dedup keys per account, dropping the oldest first', async () => {
    const store = createMemoryFeedStore({ maxEntries: 10 });
    const cap = dedupCapacity(10);
    for (let i = 0; i <= cap; i++) await store.append('a', change(i), `k${i}`, 0);
    // The first key fell out of the window (and only it): a flood of distinct keys cannot grow memory.
    expect((await store.append('a', change(0), 'k0', 0)).kind).toBe('appended');
    expect((await store.append('a', change(cap), `k${cap}`, 0)).kind).toBe('duplicate');
  });

  it('refuses an append through a callback generation older than the account current one', async () => {
    const store = createMemoryFeedStore({ maxEntries: 10 });
    expect((await store.append('a', change(1), 'k1', 0)).kind).toBe('appended');
    await store.setCallbackGeneration('a', 1);
    expect((await store.append('a', change(2), 'k2', 0)).kind).toBe('retired');
    expect((await store.append('a', change(2), 'k2', 1)).kind).toBe('appended');
    // Generations only go up.
    await store.setCallbackGeneration('a', 0);
    expect(await store.callbackGeneration('a')).toBe(1);
  });

  it('replays everything kept to a client whose position came from an earlier instance, as a gap', async () => {
    const before = createMemoryFeedStore({ maxEntries: 10 });
    for (let i = 1; i <= 5; i++) await before.append('a', change(i), `k${i}`, 0);
    const oldPosition = await before.position('a');
    const after = createMemoryFeedStore({ maxEntries: 10 });
    expect((await after.read('a', oldPosition, 10)).gap).toBe(true);
    await after.append('a', change(6), 'k6', 0);
    const page = await after.read('a', oldPosition, 10);
    expect(page.changes.map((c) => c.uuid)).toEqual([change(6).uuid]);
    expect(page.gap).toBe(true);
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
    await store.append('a', change(1), 'k1', 0);
    await store.append('b', change(2), 'k2', 0);
    unsubscribe();
    await store.append('a', change(3), 'k3', 0);
    expect(pokes).toBe(1);
  });
});
