import type { Redis } from 'ioredis';

/** A blocking read gives up after this long and starts again, so a watch added in the instant between
 * building an XREAD and Redis blocking on it (when CLIENT UNBLOCK finds nothing to wake) waits at most this. */
const BLOCK_MS = 1000;

interface Watched {
  listeners: Set<() => void>;
  lastId: string;
}

/**
 * Tells listeners when a Redis stream grows, whichever instance appended to it. One loop per store
 * runs XREAD BLOCK over every watched stream on its own connection (a blocked connection can do
 * nothing else); adding a stream wakes it with CLIENT UNBLOCK so the new stream is included at once.
 */
export function createRedisWatcher(main: Redis, reader: Redis) {
  const watched = new Map<string, Watched>();
  let closed = false;
  let readerId: number | undefined;
  let idle: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  async function wakeReader(): Promise<void> {
    idle?.();
    if (readerId === undefined) return;
    try {
      await main.call('CLIENT', 'UNBLOCK', readerId);
    } catch {
      // The reader reconnected under a new id; it re-reads the stream list within BLOCK_MS anyway.
    }
  }

  async function run(): Promise<void> {
    while (!closed) {
      if (watched.size === 0) {
        await new Promise<void>((resolve) => (idle = resolve));
        idle = undefined;
        continue;
      }
      const keys = [...watched.keys()];
      const ids = keys.map((k) => watched.get(k)?.lastId ?? '$');
      let reply: unknown;
      try {
        readerId ??= Number(await reader.call('CLIENT', 'ID'));
        // The typed command, not call(): ioredis speaks RESP3 and only its typed commands map replies
        // back to the [stream, entries][] shape.
        reply = await reader.xread('COUNT', 1000, 'BLOCK', BLOCK_MS, 'STREAMS', ...keys, ...ids);
      } catch {
        if (closed) return;
        readerId = undefined;
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      for (const [key, entries] of (reply ?? []) as [string, [string, string[]][]][]) {
        const w = watched.get(key);
        const last = entries[entries.length - 1];
        if (!w || !last) continue;
        w.lastId = last[0];
        for (const listener of w.listeners) listener();
      }
    }
  }

  return {
    /** Resolves once `key` is watched from its current end; answers the unwatch. */
    async watch(key: string, listener: () => void): Promise<() => void> {
      let w = watched.get(key);
      if (!w) {
        const newest = (await main.xrevrange(key, '+', '-', 'COUNT', 1))[0];
        w = watched.get(key) ?? { listeners: new Set(), lastId: newest?.[0] ?? '0-0' };
        watched.set(key, w);
        loop ??= run();
        void wakeReader();
      }
      const entry = w;
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0 && watched.get(key) === entry) watched.delete(key);
      };
    },

    async close(): Promise<void> {
      closed = true;
      watched.clear();
      idle?.();
      reader.disconnect();
      await loop;
    },
  };
}
