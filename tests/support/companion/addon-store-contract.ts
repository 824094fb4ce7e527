import { expect, it } from 'vitest';
import type { AddonStore } from '../../../server/companion/addon/store/types';

// What every add-on store (memory, Redis, Redis over HTTP) must do alike, run against each.

export function addonStoreContract(create: () => Promise<AddonStore>): void {
  const key = () => `fieldside:addon:test:${crypto.randomUUID()}`;

  it('sets, gets and replaces a value', async () => {
    const store = await create();
    const k = key();
    expect(await store.get(k)).toBeUndefined();
    await store.set(k, 'one');
    await store.set(k, 'two');
    expect(await store.get(k)).toBe('two');
    await store.close();
  });

  it('answers reads of a key asked for at once each, and a read asked after a write sees it', async () => {
    const store = await create();
    const [k, other] = [key(), key()];
    await store.set(k, 'one');
    expect(await Promise.all([store.get(k), store.get(other), store.get(k)])).toEqual(['one', undefined, 'one']);
    await store.set(k, 'two');
    expect(await Promise.all([store.get(k), store.get(k)])).toEqual(['two', 'two']);
    await store.close();
  });

  it('sets if absent once, for its time only', async () => {
    const store = await create();
    const k = key();
    expect(await store.setIfAbsent(k, 'first', 1_000)).toBe(true);
    expect(await store.setIfAbsent(k, 'second', 1_000)).toBe(false);
    expect(await store.get(k)).toBe('first');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.get(k)).toBeUndefined();
    expect(await store.setIfAbsent(k, 'third', 300)).toBe(true);
    await store.close();
  });

  it('lets one of many concurrent setIfAbsent win', async () => {
    const store = await create();
    const k = key();
    const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => store.setIfAbsent(k, String(i), 5_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    await store.close();
  });

  it('compares before it sets or deletes', async () => {
    const store = await create();
    const k = key();
    await store.set(k, 'a');
    expect(await store.compareAndSet(k, 'b', 'c')).toBe(false);
    expect(await store.compareAndSet(k, 'a', 'c')).toBe(true);
    expect(await store.get(k)).toBe('c');
    expect(await store.compareAndDelete(k, 'a')).toBe(false);
    expect(await store.compareAndDelete(k, 'c')).toBe(true);
    expect(await store.get(k)).toBeUndefined();
    expect(await store.compareAndSet(k, 'c', 'd')).toBe(false);
    expect(await store.get(k)).toBeUndefined();
    await store.close();
  });
}
