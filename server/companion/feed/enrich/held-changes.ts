import type { NewChange } from '../store/types';

// Changes waiting to be read together, or for the companion's share of the account's minute (read-budget.ts).
//
// Collected: with `collectMs`, a signed change waits that long (real time) for others of its account, and those that
// came together are read together, one request per kind (batch-reads.ts) instead of one each; an office bulk edit or
// a note and an edit of one job a moment apart cost one read. A change its kind's list did not hold is read on its
// own.
//
// Held for the share: a change the companion cannot read now would go out bare, and then every open browser that
// might show it reads it itself (a note without its job costs each of them a request, a job without its record each
// browser that holds it). So a burst past the share waits, in the order it came (each record's changes in order;
// one read with its list goes ahead), and is read and published as soon as the share has room again, which in the
// worst case is a minute later.
//
// What waits lives in this instance's memory, bounded: past `maxHeld` per account, or once a change has waited
// `maxWaitMs`, it goes on as it is; when the instance closes, everything held goes on at once (unread).

export interface HeldChanges {
  /** Whether a change of this account must wait: changes are collected, others wait before it, or the share has no
   * room for its read. */
  mustWait(account: string): boolean;
  /** Holds `publish(read)` for the account under `key` (a notification's: one held per key); false when it is full
   * and the change must go on now. */
  hold(account: string, key: string, change: NewChange, publish: (read: boolean) => Promise<unknown>): boolean;
  /** Changes of the account waiting for its share (not those only being collected). */
  waiting(account: string): number;
  /** Resolves once no change waits to be collected or is being published (those waiting for the share may stay). */
  settled(): Promise<void>;
  /** Publishes everything held now, unread (the instance is closing). */
  release(): Promise<void>;
}

interface Held {
  key: string;
  change: NewChange;
  /** When it came, on the companion's clock (its share's). */
  since: number;
  /** When its collection ends, in real time. */
  due: number;
  publish: (read: boolean) => Promise<unknown>;
  /** A drain found no room for it: it waits for the share. */
  short?: boolean;
}

export function createHeldChanges(opts: {
  /** Whether the account's share has room for a change's own read now. */
  room: (account: string) => boolean;
  /** Reads what these changes need together; answers those now read (batch-reads.ts). */
  readTogether?: (account: string, changes: readonly NewChange[]) => Promise<Set<NewChange>>;
  now?: () => number;
  /** How long a change waits for others to be read with (real time); 0: only a burst past the share waits. */
  collectMs?: number;
  /** How often held changes look for room (real time: the share frees as the companion's clock moves on). */
  retryMs?: number;
  maxWaitMs?: number;
  maxHeld?: number;
}): HeldChanges {
  const now = opts.now ?? Date.now;
  const collectMs = opts.collectMs ?? 0;
  const retryMs = opts.retryMs ?? 1_000;
  const maxWaitMs = opts.maxWaitMs ?? 90_000;
  const maxHeld = opts.maxHeld ?? 500;
  const held = new Map<string, Held[]>();
  /** Accounts whose changes wait for the share (the last drain found no room). */
  const short = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Infinity;
  let draining: Promise<void> | undefined;
  let idle: { promise: Promise<void>; resolve: () => void } | undefined;

  const run = async (change: Held, read: boolean) => {
    try {
      await change.publish(read);
    } catch {
      // The store failed to append: nothing else to do for a change the platform was already answered for.
    }
  };

  async function drain(): Promise<void> {
    for (const [account, queue] of held) {
      const due = queue.filter((h) => h.due <= Date.now());
      const together =
        due.length > 0 && opts.readTogether
          ? await opts.readTogether(
              account,
              due.map((h) => h.change),
            )
          : new Set<NewChange>();
      // In the order they came; a change already read (with its kind's list) needs no share and goes on even while
      // an older one waits for it, unless that one is of the same record (its browsers keep the order of a record's
      // changes).
      const waitingFor = new Set<string>();
      for (const next of due) {
        const read = together.has(next.change);
        const go = !waitingFor.has(next.change.uuid) && (read || opts.room(account) || now() - next.since >= maxWaitMs);
        if (!go) {
          waitingFor.add(next.change.uuid);
          next.short = true;
          continue;
        }
        queue.splice(queue.indexOf(next), 1);
        await run(next, true);
      }
      if (waitingFor.size > 0) short.add(account);
      else short.delete(account);
      if (queue.length === 0) held.delete(account);
    }
  }

  /** Changes not yet published that wait for something other than the share: their collection, or a drain. */
  const unsettled = () => [...held.values()].some((queue) => queue.some((h) => !h.short));

  function schedule(): void {
    if (!unsettled()) {
      idle?.resolve();
      idle = undefined;
    }
    if (held.size === 0) return;
    const nextDue = Math.min(...[...held.values()].map((q) => q.find((h) => h.due > Date.now())?.due ?? Infinity));
    const at = Math.min(nextDue, Date.now() + retryMs);
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Infinity;
        draining ??= drain().finally(() => {
          draining = undefined;
          schedule();
        });
      },
      Math.max(0, at - Date.now()),
    );
  }

  return {
    mustWait: (account) => collectMs > 0 || (held.get(account)?.length ?? 0) > 0 || !opts.room(account),
    hold(account, key, change, publish) {
      const queue = held.get(account) ?? [];
      if (queue.some((h) => h.key === key)) return true;
      if (queue.length >= maxHeld) return false;
      // A collection still open takes it in: the changes that came together are read together.
      const open = queue.at(-1)?.due;
      const due = open !== undefined && open > Date.now() ? open : Date.now() + collectMs;
      queue.push({ key, change, since: now(), due, publish });
      held.set(account, queue);
      schedule();
      return true;
    },
    waiting: (account) => (short.has(account) ? (held.get(account)?.length ?? 0) : 0),
    async settled() {
      while (draining || unsettled()) {
        if (draining) await draining;
        else {
          idle ??= (() => {
            let resolve!: () => void;
            const promise = new Promise<void>((r) => (resolve = r));
            return { promise, resolve };
          })();
          await idle.promise;
        }
      }
    },
    async release() {
      clearTimeout(timer);
      timer = undefined;
      await draining;
      const all = [...held.values()].flat();
      held.clear();
      for (const change of all) await run(change, false);
      idle?.resolve();
    },
  };
}
