import { describe, expect, it } from 'vitest';
import { toUuid } from '../../../../contracts/uuid';
import { createMemoryAddonStore } from '../../addon/store/memory-store';
import type { AddonStore } from '../../addon/store/types';
import { createStaffKnowledge } from './staff-knowledge';

// What the instances share of an account's staff (who was online, who saw the last new job, who is narrowed).

const ACCOUNT = 'acct-1';
const A = toUuid('00000000-0000-4000-8000-00000000000a');
const B = toUuid('00000000-0000-4000-8000-00000000000b');
const HOUR = 3_600_000;

describe('staff knowledge', () => {
  it('keeps both answers when two instances write at once (compare-and-set, then again)', async () => {
    const store = createMemoryAddonStore();
    const first = createStaffKnowledge({ store });
    await first.seen(ACCOUNT, A);
    await first.seen(ACCOUNT, B);
    // The second instance's write lands between the first's read and its write.
    let raced = false;
    const racing: AddonStore = {
      ...store,
      async compareAndSet(key, expected, next) {
        if (!raced) {
          raced = true;
          await createStaffKnowledge({ store }).answered(ACCOUNT, new Map([[B, 'no']]), 1_000, HOUR);
        }
        return store.compareAndSet(key, expected, next);
      },
    };
    await createStaffKnowledge({ store: racing }).answered(ACCOUNT, new Map([[A, 'yes']]), 1_000, HOUR);
    const staff = await createStaffKnowledge({ store }).load(ACCOUNT);
    expect(raced).toBe(true);
    expect(staff.get(A)).toMatchObject({ sawLast: true, narrowedUntil: 0, askedAt: 1_000 });
    expect(staff.get(B)).toMatchObject({ sawLast: false, narrowedUntil: 1_000 + HOUR });
  });

  it('goes on with its own copy while the store is out, and writes a staff member seen again only after an hour', async () => {
    let now = 0;
    let out = false;
    let writes = 0;
    const store = createMemoryAddonStore(() => now);
    const flaky: AddonStore = {
      ...store,
      get: async (key) => {
        if (out) throw new Error('store out');
        return store.get(key);
      },
      setIfAbsent: async (...args) => (writes++, store.setIfAbsent(...args)),
      compareAndSet: async (...args) => (writes++, store.compareAndSet(...args)),
    };
    const knowledge = createStaffKnowledge({ store: flaky, now: () => now });
    await knowledge.seen(ACCOUNT, A);
    now += HOUR - 1;
    await knowledge.seen(ACCOUNT, A);
    expect(writes).toBe(1);
    out = true;
    await knowledge.seen(ACCOUNT, B);
    expect([...(await knowledge.load(ACCOUNT)).keys()]).toEqual([A, B]);
    out = false;
    // The store's value never had B; its copy did, and the store's answer is the truth again.
    expect([...(await knowledge.load(ACCOUNT)).keys()]).toEqual([A]);
  });

  it('makes an expired value again from its own copy, forgets staff not seen for a day, and ignores a value it cannot read', async () => {
    let now = 0;
    const store = createMemoryAddonStore(() => now);
    const knowledge = createStaffKnowledge({ store, now: () => now });
    const fresh = () => createStaffKnowledge({ store, now: () => now });
    await knowledge.seen(ACCOUNT, A);
    now = 7 * 24 * HOUR - 2 * HOUR;
    await knowledge.seen(ACCOUNT, B);
    now = 7 * 24 * HOUR + 1; // the stored value expires a week after it was made
    expect(await store.get('fieldside:addon:staff:acct-1')).toBeUndefined();
    expect((await fresh().load(ACCOUNT)).size).toBe(0);
    // This instance still knows B (seen 2 hours ago); A, seen a week ago, is forgotten.
    expect([...(await knowledge.load(ACCOUNT)).keys()]).toEqual([B]);
    await knowledge.seen(ACCOUNT, A);
    expect([...(await fresh().load(ACCOUNT)).keys()]).toEqual([B, A]);

    await store.set('fieldside:addon:staff:acct-2', '{"not":"entries"}');
    expect((await knowledge.load('acct-2')).size).toBe(0);
  });

  it("keeps a narrowed person's no over a weekend away: offline meanwhile, narrowed still when they come back", async () => {
    let now = 0;
    const store = createMemoryAddonStore(() => now);
    const knowledge = createStaffKnowledge({ store, now: () => now });
    await knowledge.seen(ACCOUNT, A);
    await knowledge.seen(ACCOUNT, B);
    await knowledge.answered(ACCOUNT, new Map([[A, 'no']]), now, 7 * 24 * HOUR);
    now = 2.5 * 24 * HOUR; // Friday evening to Monday morning
    expect((await knowledge.load(ACCOUNT)).size).toBe(0);
    await knowledge.seen(ACCOUNT, A);
    await knowledge.seen(ACCOUNT, B);
    const staff = await createStaffKnowledge({ store, now: () => now }).load(ACCOUNT);
    expect(staff.get(A)).toMatchObject({ narrowedUntil: 7 * 24 * HOUR, sawLast: false });
    // B taught nothing that lasts: a stranger again, asked at the next round.
    expect(staff.get(B)).toMatchObject({ narrowedUntil: 0, askedAt: 0 });
  });

  it('reads a value written with its staff members in capitals lower-cased: they are the ones the passes name', async () => {
    const store = createMemoryAddonStore(() => 0);
    await store.set('fieldside:addon:staff:acct-1', JSON.stringify({ [A.toUpperCase()]: [0, 0, 0, 1, HOUR] }));
    const knowledge = createStaffKnowledge({ store, now: () => 0 });
    expect([...(await knowledge.load(ACCOUNT)).entries()]).toEqual([
      [A, { seenAt: 0, narrowedUntil: 0, askedAt: 0, sawLast: true, seesAllUntil: HOUR }],
    ]);
    await knowledge.seen(ACCOUNT, A);
    expect([...(await knowledge.load(ACCOUNT)).keys()]).toEqual([A]);
  });
});
