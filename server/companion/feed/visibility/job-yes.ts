import type { Uuid } from '../../../../contracts/uuid';

// What the platform said, lately, about who may see which job, for the people a verified browser belongs to: each
// staff member's "yes" for a job (a round, a visit read as them, a check made for a change), and the jobs a narrowed
// staff member's own list showed (`job.json` read as them: everything they may see, in a request or two). A yes
// lasts `yesMs`; a list `listMs`. A visit of a job booked, moved or given away changes who sees it: every yes for that
// job is forgotten then (`forgetJob`), and a "no" for it at any check forgets that staff member's. What the platform
// does not tell (an allocation without a time removed: allocations have no webhook) waits for the yes or the list to
// lapse. In this instance's memory: another instance learns its own.

export interface JobYes {
  /** Whether the platform said lately that `staff` may see `job` (a yes, or their fresh list holds it). */
  sees(account: string, staff: Uuid, job: Uuid): boolean;
  /** Whether `staff`'s list is fresh and says they may not see `job`. */
  listedWithout(account: string, staff: Uuid, job: Uuid): boolean;
  /** Whether `staff` has a fresh list. */
  listed(account: string, staff: Uuid): boolean;
  yes(account: string, staff: Uuid, job: Uuid): void;
  no(account: string, staff: Uuid, job: Uuid): void;
  /** `staff`'s own list of jobs, as the platform answered it just now. */
  list(account: string, staff: Uuid, jobs: Iterable<Uuid>): void;
  /** Who sees `job` may have changed (a visit of it changed): forget every yes for it. */
  forgetJob(account: string, job: Uuid): void;
}

export function createJobYes(
  opts: { now?: () => number; yesMs?: number; listMs?: number; maxAccounts?: number } = {},
): JobYes {
  const now = opts.now ?? Date.now;
  const yesMs = opts.yesMs ?? 12 * 3_600_000;
  const listMs = opts.listMs ?? 4 * 3_600_000;
  const maxAccounts = opts.maxAccounts ?? 1_000;
  interface Known {
    /** `${staff}|${job}` → when the platform said yes. */
    yes: Map<string, number>;
    /** staff → the jobs of their list and when it was read. */
    lists: Map<Uuid, { jobs: Set<Uuid>; at: number }>;
  }
  const accounts = new Map<string, Known>();
  const key = (staff: Uuid, job: Uuid) => `${staff}|${job}`;

  function of(account: string): Known {
    let known = accounts.get(account);
    if (!known) {
      known = { yes: new Map(), lists: new Map() };
      accounts.set(account, known);
      for (const [oldest] of accounts) {
        if (accounts.size <= maxAccounts) break;
        accounts.delete(oldest);
      }
    }
    return known;
  }
  const freshList = (account: string, staff: Uuid) => {
    const list = accounts.get(account)?.lists.get(staff);
    return list && now() - list.at < listMs ? list : undefined;
  };

  return {
    sees(account, staff, job) {
      const at = accounts.get(account)?.yes.get(key(staff, job));
      if (at !== undefined && now() - at < yesMs) return true;
      return freshList(account, staff)?.jobs.has(job) ?? false;
    },
    listedWithout(account, staff, job) {
      const list = freshList(account, staff);
      return list !== undefined && !list.jobs.has(job);
    },
    listed: (account, staff) => freshList(account, staff) !== undefined,
    yes(account, staff, job) {
      const known = of(account);
      known.yes.delete(key(staff, job));
      known.yes.set(key(staff, job), now());
      // Oldest first: drop what lapsed.
      for (const [k, at] of known.yes) {
        if (now() - at < yesMs) break;
        known.yes.delete(k);
      }
    },
    no(account, staff, job) {
      const known = accounts.get(account);
      known?.yes.delete(key(staff, job));
      known?.lists.get(staff)?.jobs.delete(job);
    },
    list(account, staff, jobs) {
      of(account).lists.set(staff, { jobs: new Set(jobs), at: now() });
    },
    forgetJob(account, job) {
      const known = accounts.get(account);
      if (!known) return;
      const suffix = `|${job}`;
      for (const k of [...known.yes.keys()]) if (k.endsWith(suffix)) known.yes.delete(k);
      for (const list of known.lists.values()) list.jobs.delete(job);
    },
  };
}
