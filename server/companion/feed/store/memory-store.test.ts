import { describe, expect, it } from 'vitest';
import {
  appendedId,
  contractChange as change,
  feedStoreContract,
} from '../../../../tests/support/companion/feed-store-contract';
import { createMemoryFeedStore } from './memory-store';

describe('memory feed store', () => {
  feedStoreContract({ create: async (opts) => createMemoryFeedStore(opts), pokeWithinMs: 100 });

  it('keeps exactly the newest maxEntries per account, in order, and pages from any position', async () => {
    const store = createMemoryFeedStore({ maxEntries: 4 });
    const ids: string[] = [];
    for (let i = 1; i <= 10; i++) ids.push(appendedId(await store.append('a', change(i), `k${i}`, 0)));
    const all = await store.read('a', undefined, 100);
    expect(all.changes.map((c) => c.uuid)).toEqual([7, 8, 9, 10].map((i) => change(i).uuid));
    expect(all.position).toBe(ids[9]);
    // A position older than everything kept starts from the oldest kept, and says a gap was skipped.
    const trimmed = await store.read('a', ids[0], 2);
    expect(trimmed.changes.map((c) => c.id)).toEqual([ids[6], ids[7]]);
    expect(trimmed.gap).toBe(true);
    // The oldest kept change's predecessor is no gap: nothing after it was dropped.
    expect((await store.read('a', ids[5], 100)).gap).toBe(false);
  });

  it('answers a gap to a reader that started from the beginning once the beginning is trimmed', async () => {
    const store = createMemoryFeedStore({ maxEntries: 2 });
    for (let i = 1; i <= 2; i++) await store.append('a', change(i), `k${i}`, 0);
    expect((await store.read('a', '0', 10)).gap).toBe(false);
    await store.append('a', change(3), 'k3', 0);
    expect((await store.read('a', '0', 10)).gap).toBe(true);
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

  it('rejects a Redis stream id, which only the Redis stores hand out', async () => {
    const store = createMemoryFeedStore({ maxEntries: 10 });
    await expect(store.read('a', '1795243663567-0', 10)).rejects.toThrow(/Invalid feed position/);
  });
});
