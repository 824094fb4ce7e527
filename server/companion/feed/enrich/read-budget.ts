// The companion's own share of an account's per-minute platform limit (180 a minute, shared by everyone in the
// account) for what it reads once for the account (account-readers.ts). A burst of changes (an office bulk edit,
// an import) would otherwise make the companion spend the account's whole minute at once, and every person's own
// requests would be refused until the minute passed. Past the share, a change waits for it (held-changes.ts). In
// memory, per instance.

/** Platform requests the companion makes for one account in any 60 seconds, at most: a third of the platform's
 * per-minute limit, so the people of the account keep the rest. */
export const COMPANION_READS_PER_MINUTE = 60;

/** Of that share, what asking who may see a job (job-visibility.ts) must leave for the changes' own reads (a note's
 * job, a job's record, a visit's job): a change without them costs every open browser a read of its own, so a
 * morning's visibility round must not starve the notes that arrive beside it. */
export const KEPT_FOR_CHANGES_PER_MINUTE = 30;

const MINUTE = 60_000;

export function createReadBudget(opts: { perMinute?: number; now?: () => number; maxAccounts?: number } = {}) {
  const perMinute = opts.perMinute ?? COMPANION_READS_PER_MINUTE;
  const now = opts.now ?? Date.now;
  const maxAccounts = opts.maxAccounts ?? 10_000;
  /** Account → when its latest requests were made, oldest first (at most `perMinute`); least recently used first. */
  const spent = new Map<string, number[]>();

  /** The account's requests within the last 60 seconds (the oldest dropped as they age out). */
  function recent(account: string): number[] {
    const times = spent.get(account) ?? [];
    const at = now();
    while (times.length > 0 && times[0]! <= at - MINUTE) times.shift();
    return times;
  }

  return {
    /** Whether one request could be taken now, leaving `keep`; takes nothing. */
    room: (account: string, keep = 0): boolean => recent(account).length < perMinute - keep,
    /** Takes one request from the account's share; false when the last 60 seconds used it all but `keep`. */
    take(account: string, keep = 0): boolean {
      const at = now();
      const times = spent.get(account) ?? [];
      spent.delete(account);
      spent.set(account, times);
      for (const [oldest] of spent) {
        if (spent.size <= maxAccounts) break;
        spent.delete(oldest);
      }
      while (times.length > 0 && times[0]! <= at - MINUTE) times.shift();
      if (times.length >= perMinute - keep) return false;
      times.push(at);
      return true;
    },
  };
}

export type ReadBudget = ReturnType<typeof createReadBudget>;
