// Changes waiting for the companion's share of the account's minute (read-budget.ts). A change the companion cannot
// read now would go out bare, and then every open browser that might show it reads it itself: a note without its
// job costs each of them a request, a job without its record each browser that holds it. So a burst past the share
// (an office bulk edit, the morning's first minute) is held, in the order it came, and each change is read and
// published as soon as the share has room again, which in the worst case is a minute later. What is held lives in
// this instance's memory, bounded: past `maxHeld` per account, or once a change has waited `maxWaitMs`, it goes on
// as it is; when the instance closes, everything held goes on at once (its browsers read it themselves).

export interface HeldChanges {
  /** Whether a change of this account must wait: others wait before it, or the share has no room for its read. */
  mustWait(account: string): boolean;
  /** Holds `publish(read)` for the account under `key` (a notification's: one held per key); false when it is full
   * and the change must go on now. */
  hold(account: string, key: string, publish: (read: boolean) => Promise<unknown>): boolean;
  /** Changes held for the account. */
  waiting(account: string): number;
  /** Publishes everything held now, unread (the instance is closing). */
  release(): Promise<void>;
}

interface Held {
  key: string;
  since: number;
  publish: (read: boolean) => Promise<unknown>;
}

export function createHeldChanges(opts: {
  /** Whether the account's share has room for a change's own read now. */
  room: (account: string) => boolean;
  now?: () => number;
  /** How often held changes look for room (real time: the share frees as the companion's clock moves on). */
  retryMs?: number;
  maxWaitMs?: number;
  maxHeld?: number;
}): HeldChanges {
  const now = opts.now ?? Date.now;
  const retryMs = opts.retryMs ?? 1_000;
  const maxWaitMs = opts.maxWaitMs ?? 90_000;
  const maxHeld = opts.maxHeld ?? 500;
  const held = new Map<string, Held[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let draining: Promise<void> | undefined;

  const run = async (change: Held, read: boolean) => {
    try {
      await change.publish(read);
    } catch {
      // The store failed to append: nothing else to do for a change the platform was already answered for.
    }
  };

  async function drain(): Promise<void> {
    for (const [account, queue] of held) {
      while (queue.length > 0 && (opts.room(account) || now() - queue[0]!.since >= maxWaitMs)) {
        const change = queue.shift()!;
        await run(change, true);
      }
      if (queue.length === 0) held.delete(account);
    }
  }

  function schedule(): void {
    if (timer || held.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      draining ??= drain().finally(() => {
        draining = undefined;
        schedule();
      });
    }, retryMs);
  }

  return {
    mustWait: (account) => (held.get(account)?.length ?? 0) > 0 || !opts.room(account),
    hold(account, key, publish) {
      const queue = held.get(account) ?? [];
      if (queue.some((h) => h.key === key)) return true;
      if (queue.length >= maxHeld) return false;
      queue.push({ key, since: now(), publish });
      held.set(account, queue);
      schedule();
      return true;
    },
    waiting: (account) => held.get(account)?.length ?? 0,
    async release() {
      clearTimeout(timer);
      timer = undefined;
      await draining;
      const all = [...held.values()].flat();
      held.clear();
      for (const change of all) await run(change, false);
    },
  };
}
