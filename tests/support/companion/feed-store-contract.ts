import { afterAll, expect, it } from 'vitest';
import { toUuid } from '../../../contracts/uuid';
import {
  dedupCapacity,
  type AppendResult,
  type FeedStore,
  type NewChange,
} from '../../../server/companion/feed/store/types';

// What every FeedStore must do, whatever keeps it (memory, Redis, Redis over HTTP): each store's test file calls
// `feedStoreContract` inside its own describe. Accounts are unique per test, so stores sharing one Redis do not
// see each other's changes. Trimming is checked within the bounds every store keeps (Redis trims by whole nodes).

export interface ContractStoreOptions {
  maxEntries: number;
  now?: () => number;
}

export interface ContractOptions {
  create(opts: ContractStoreOptions): Promise<FeedStore>;
  /** How long after an append a subscriber may be told (a polling store's interval, with margin). */
  pokeWithinMs: number;
}

export const contractChange = (n: number): NewChange => ({
  object: 'job',
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  changed_fields: ['status'],
  time: '2026-11-21 06:00:00',
  resource_url: `http://p/api_1.0/job/${n}.json`,
});

export const appendedId = (result: AppendResult): string => {
  if (result.kind !== 'appended') throw new Error(`not appended: ${result.kind}`);
  return result.id;
};

const account = (what: string) => `${what}-${crypto.randomUUID()}`;

async function until(check: () => boolean, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function feedStoreContract(opts: ContractOptions): void {
  const opened: FeedStore[] = [];
  const create = async (o: ContractStoreOptions) => {
    const store = await opts.create(o);
    opened.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of opened) await store.close();
  });

  it('answers changes oldest first, pages from any position it handed out, and knows the newest', async () => {
    const store = await create({ maxEntries: 100 });
    const a = account('order');
    expect(await store.position(a)).toBe('0');
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push(appendedId(await store.append(a, contractChange(i), `k${i}`, 0)));
    const all = await store.read(a, undefined, 100);
    expect(all).toEqual({
      changes: [1, 2, 3, 4, 5].map((i, at) => ({ id: ids[at], ...contractChange(i) })),
      position: ids[4],
      gap: false,
    });
    expect(await store.position(a)).toBe(ids[4]);
    expect(await store.read(a, ids[1], 2)).toEqual({
      changes: [expect.objectContaining({ id: ids[2] }), expect.objectContaining({ id: ids[3] })],
      position: ids[3],
      gap: false,
    });
    expect(await store.read(a, ids[4], 10)).toEqual({ changes: [], position: ids[4], gap: false });
    expect(await store.read(a, '0', 1)).toMatchObject({ changes: [{ id: ids[0] }], gap: false });
    expect(await store.read(account('empty'), undefined, 10)).toEqual({ changes: [], position: '0', gap: false });
  });

  it('keeps at least the newest maxEntries, and says a gap to a reader whose changes were dropped', async () => {
    const store = await create({ maxEntries: 100 });
    const a = account('bounded');
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) ids.push(appendedId(await store.append(a, contractChange(i), `k${i}`, 0)));
    const kept = (await store.read(a, undefined, 5000)).changes;
    expect(kept.length).toBeGreaterThanOrEqual(100);
    expect(kept.length).toBeLessThan(300);
    expect(kept.map((c) => c.id)).toEqual(ids.slice(-kept.length));
    expect((await store.read(a, '0', 10)).gap).toBe(true);
    expect((await store.read(a, ids[0], 10)).gap).toBe(true);
    expect((await store.read(a, kept[0]!.id, 10)).gap).toBe(false);
    expect((await store.read(a, ids[999], 10)).gap).toBe(false);
  });

  it('drops a repeated dedup key per account, not across accounts', async () => {
    const store = await create({ maxEntries: 10 });
    const [a, b] = [account('dedup-a'), account('dedup-b')];
    expect((await store.append(a, contractChange(1), 'same', 0)).kind).toBe('appended');
    expect((await store.append(a, contractChange(1), 'same', 0)).kind).toBe('duplicate');
    expect((await store.append(b, contractChange(1), 'same', 0)).kind).toBe('appended');
    expect((await store.read(a, undefined, 10)).changes).toHaveLength(1);
  });

  it("keeps a job change's record and visible_to as appended", async () => {
    const store = await create({ maxEntries: 10 });
    const a = account('record');
    const change = {
      ...contractChange(1),
      record: { uuid: contractChange(1).uuid, status: 'Work Order', badges: '["x"]', total: 12.5 },
      visible_to: [toUuid('s-1')],
    };
    const id = appendedId(await store.append(a, change, 'k', 0));
    expect((await store.read(a, undefined, 10)).changes).toEqual([{ id, ...change }]);
  });

  it('peeks at a dedup key without taking it, per account, as append would find it', async () => {
    const store = await create({ maxEntries: 10 });
    const [a, b] = [account('peek-a'), account('peek-b')];
    expect(await store.seen(a, 'k')).toBe(false);
    expect(await store.seen(a, 'k')).toBe(false);
    expect((await store.append(a, contractChange(1), 'k', 0)).kind).toBe('appended');
    expect(await store.seen(a, 'k')).toBe(true);
    expect(await store.seen(b, 'k')).toBe(false);
  });

  it('forgets dedup keys after the retry window', async () => {
    let now = 0;
    const store = await create({ maxEntries: 10, now: () => now });
    const a = account('ttl');
    expect((await store.append(a, contractChange(1), 'k', 0)).kind).toBe('appended');
    now += 72 * 3600_000;
    expect(await store.seen(a, 'k')).toBe(true);
    expect((await store.append(a, contractChange(1), 'k', 0)).kind).toBe('duplicate');
    now += 2 * 3600_000;
    expect(await store.seen(a, 'k')).toBe(false);
    expect((await store.append(a, contractChange(1), 'k', 0)).kind).toBe('appended');
  });

  it('keeps a bounded number of dedup keys per account, dropping the oldest first', async () => {
    const store = await create({ maxEntries: 10 });
    const a = account('dedup-cap');
    const cap = dedupCapacity(10);
    for (let i = 0; i <= cap; i++) await store.append(a, contractChange(i), `k${i}`, 0);
    // The first key fell out of the window (and only it): a flood of distinct keys cannot grow the store.
    expect((await store.append(a, contractChange(0), 'k0', 0)).kind).toBe('appended');
    expect((await store.append(a, contractChange(cap), `k${cap}`, 0)).kind).toBe('duplicate');
  });

  it('refuses an append through a callback generation older than the account current one; generations only go up', async () => {
    const store = await create({ maxEntries: 10 });
    const a = account('generation');
    expect(await store.callbackGeneration(a)).toBe(0);
    expect((await store.append(a, contractChange(1), 'k1', 0)).kind).toBe('appended');
    await store.setCallbackGeneration(a, 1);
    expect((await store.append(a, contractChange(2), 'k2', 0)).kind).toBe('retired');
    expect((await store.append(a, contractChange(2), 'k2', 1)).kind).toBe('appended');
    await store.setCallbackGeneration(a, 0);
    expect(await store.callbackGeneration(a)).toBe(1);
  });

  it('takes appends asked for at once as if asked one after another, each answered for itself', async () => {
    const store = await create({ maxEntries: 1000 });
    const [a, b] = [account('together-a'), account('together-b')];
    await store.setCallbackGeneration(a, 1);
    const asked: [string, number, string, number][] = [
      [a, 1, 'k1', 1],
      [b, 1, 'k1', 0],
      [a, 2, 'k2', 1],
      [a, 1, 'k1', 1],
      [a, 3, 'k3', 0],
      ...Array.from({ length: 150 }, (_, i): [string, number, string, number] => [a, 10 + i, `m${i}`, 1]),
    ];
    const results = await Promise.all(
      asked.map(([acc, n, key, gen]) => store.append(acc, contractChange(n), key, gen)),
    );
    expect(results.slice(0, 5).map((r) => r.kind)).toEqual([
      'appended',
      'appended',
      'appended',
      'duplicate',
      'retired',
    ]);
    const appendedToA = asked.flatMap(([acc], i) => (acc === a && results[i]!.kind === 'appended' ? [i] : []));
    expect(appendedToA).toHaveLength(152);
    // In the order asked, each with the id its append answered.
    expect((await store.read(a, undefined, 1000)).changes).toEqual(
      appendedToA.map((i) => ({ id: appendedId(results[i]!), ...contractChange(asked[i]![1]) })),
    );
  });

  it('rejects positions it never hands out', async () => {
    const store = await create({ maxEntries: 10 });
    for (const bad of ['x', '-1', '1-2-3', '(1-0']) {
      await expect(store.read(account('positions'), bad, 10)).rejects.toThrow(/Invalid feed position/);
    }
  });

  it("tells a subscriber of its account's appends until it unsubscribes", async () => {
    const store = await create({ maxEntries: 10 });
    const [a, b] = [account('poke-a'), account('poke-b')];
    let pokes = 0;
    const unsubscribe = await store.subscribe(a, () => pokes++);
    await store.append(b, contractChange(2), 'k2', 0);
    await store.append(a, contractChange(1), 'k1', 0);
    await until(() => pokes >= 1, opts.pokeWithinMs);
    unsubscribe();
    await store.append(a, contractChange(3), 'k3', 0);
    // Long enough for a poke that should not come (another account's append, or one after unsubscribing) to come.
    await new Promise((r) => setTimeout(r, opts.pokeWithinMs));
    expect(pokes).toBe(1);
  });
}
