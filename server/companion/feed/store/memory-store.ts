import { createDedupWindow, DEDUP_TTL_SECONDS } from './dedup-window';
import {
  dedupCapacity,
  FeedPositionError,
  type StoredChange,
  type StoredPage,
  type FeedStore,
  type NewChange,
} from './types';

/** One account's bounded ring of changes. Ids are `<epoch>-<sequence number>`. */
interface Ring {
  slots: (StoredChange | undefined)[];
  /** Sequence number of the next change; the oldest kept is `next - count`. */
  next: number;
  count: number;
  dedup: ReturnType<typeof createDedupWindow>;
  listeners: Set<() => void>;
}

/** The change feed for a single companion instance: a bounded ring per account, lost on restart. */
export function createMemoryFeedStore(opts: { maxEntries: number; now?: () => number }): FeedStore {
  const now = opts.now ?? Date.now;
  const rings = new Map<string, Ring>();
  const generations = new Map<string, number>();
  // A memory feed starts empty after a restart; the epoch in every id lets it recognise a client's
  // position from an earlier life: everything kept is replayed, and the read says there is a gap.
  const epoch = `m${Math.floor(Math.random() * 36 ** 6).toString(36)}`;
  const idOf = (seq: number) => (seq === 0 ? '0' : `${epoch}-${seq}`);

  function ring(account: string): Ring {
    let r = rings.get(account);
    if (!r) {
      r = {
        slots: new Array<StoredChange | undefined>(opts.maxEntries),
        next: 1,
        count: 0,
        dedup: createDedupWindow({ maxKeys: dedupCapacity(opts.maxEntries), ttlMs: DEDUP_TTL_SECONDS * 1000, now }),
        listeners: new Set(),
      };
      rings.set(account, r);
    }
    return r;
  }

  /** The sequence number after which to read, and whether the position came from an earlier life. */
  function parse(after: string): { from: number; foreign: boolean } {
    if (after === '0') return { from: 0, foreign: false };
    const m = /^(m[a-z0-9]{1,8})-(\d{1,15})$/.exec(after);
    if (!m) throw new FeedPositionError(after);
    return m[1] === epoch ? { from: Number(m[2]), foreign: false } : { from: 0, foreign: true };
  }

  return {
    async append(account, change: NewChange, dedupKey, generation) {
      if (generation < (generations.get(account) ?? 0)) return { kind: 'retired' };
      const r = ring(account);
      if (!r.dedup.add(dedupKey)) return { kind: 'duplicate' };
      const seq = r.next++;
      const id = idOf(seq);
      r.slots[seq % opts.maxEntries] = { id, ...change };
      r.count = Math.min(r.count + 1, opts.maxEntries);
      for (const listener of r.listeners) listener();
      return { kind: 'appended', id };
    },

    async seen(account, dedupKey) {
      return rings.get(account)?.dedup.has(dedupKey) ?? false;
    },

    async read(account, after, limit): Promise<StoredPage> {
      const r = rings.get(account);
      const { from, foreign } = after === undefined ? { from: 0, foreign: false } : parse(after);
      if (!r) return { changes: [], position: idOf(from), gap: foreign };
      const oldest = r.next - r.count;
      // Asked for a position whose successors are no longer all kept: the ring has wrapped past it.
      const gap = foreign || (after !== undefined && from + 1 < oldest);
      const changes: StoredChange[] = [];
      for (let seq = Math.max(from + 1, oldest); seq < r.next && changes.length < limit; seq++) {
        const change = r.slots[seq % opts.maxEntries];
        if (change) changes.push(change);
      }
      const last = changes[changes.length - 1];
      return { changes, position: last ? last.id : idOf(from), gap };
    },

    async position(account) {
      const r = rings.get(account);
      return idOf(r ? r.next - 1 : 0);
    },

    async subscribe(account, listener) {
      const r = ring(account);
      r.listeners.add(listener);
      return () => r.listeners.delete(listener);
    },

    async callbackGeneration(account) {
      return generations.get(account) ?? 0;
    },

    async setCallbackGeneration(account, generation) {
      generations.set(account, Math.max(generation, generations.get(account) ?? 0));
    },

    async close() {
      for (const r of rings.values()) r.listeners.clear();
    },
  };
}
