import { z } from 'zod';
import { PlatformUuidSchema, type Uuid } from '../../../../contracts/uuid';
import { addonKey, type AddonStore } from '../../addon/store/types';

// What the companion knows of an account's staff for the rounds of job-visibility.ts: whose browsers were online
// lately (only staff members the platform vouched for: the pass names them), who saw the last new job, who is
// narrowed, and who is known to see every job. It lives in the store every instance shares (memory, Redis,
// or Redis over HTTP at the edge), one small value per account, because the instance that receives a webhook is
// often not the one a browser registered with, and an instance that restarts (an edge isolate does so often)
// would otherwise ask everyone again for its first new job. Writes merge by compare-and-set, so two instances
// answering rounds at once keep both answers. A store that fails is not the end of it: the instance goes on with
// the last copy it read or wrote.

const HOUR = 3_600_000;
/** A stored value lives a week from when it was made (compare-and-set keeps that expiry); the next write after
 * makes it again from the writing instance's copy, so a bounded store never keeps an account that left. */
const KEPT_MS = 7 * 24 * HOUR;

export interface StaffEntry {
  /** When a browser of this staff member last registered or opened its stream. */
  seenAt: number;
  /** Until when this staff member counts as narrowed (0: not narrowed). */
  narrowedUntil: number;
  /** When this staff member was last asked about a job (0: never). */
  askedAt: number;
  /** Whether the last answer was the platform's yes. */
  sawLast: boolean;
  /** Until when this staff member is known to see every job of the account (0: not known): the platform let them
   * see a job that has no visit or allocation of theirs. Lost on any refusal. */
  seesAllUntil: number;
}

/** Staff member → entry, in least-recently-seen order. */
export type StaffMap = Map<Uuid, StaffEntry>;

/** Stored compactly: staff member → [seenAt, narrowedUntil, askedAt, sawLast as 0/1, seesAllUntil] (a value written
 * before the fifth was kept has four). The staff members are lower-cased on every read: an older version may have
 * written them otherwise. */
const Stored = z.record(
  PlatformUuidSchema,
  z.union([
    z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
    z.tuple([z.number(), z.number(), z.number(), z.number()]),
  ]),
);

const encode = (staff: StaffMap) =>
  JSON.stringify(
    Object.fromEntries(
      [...staff].map(([uuid, e]) => [uuid, [e.seenAt, e.narrowedUntil, e.askedAt, e.sawLast ? 1 : 0, e.seesAllUntil]]),
    ),
  );

function decode(raw: string | undefined): StaffMap {
  if (raw === undefined) return new Map();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return new Map();
  }
  const parsed = Stored.safeParse(json);
  if (!parsed.success) return new Map();
  // Object.entries forgets that Stored's keys are Uuids.
  const entries = Object.entries(parsed.data).map(
    ([uuid, [seenAt, narrowedUntil, askedAt, sawLast, seesAllUntil]]) =>
      [
        uuid as Uuid,
        { seenAt, narrowedUntil, askedAt, sawLast: sawLast === 1, seesAllUntil: seesAllUntil ?? 0 },
      ] as const,
  );
  return new Map(entries.sort(([, a], [, b]) => a.seenAt - b.seenAt));
}

export function createStaffKnowledge(opts: {
  store: Pick<AddonStore, 'get' | 'setIfAbsent' | 'compareAndSet'>;
  now?: () => number;
  /** Staff seen within this long count as online (a day); what was learnt of them is kept while it holds. */
  recentMs?: number;
  /** A staff member seen again within this long is not written again: `seenAt` only counts against `recentMs`. */
  seenWriteEveryMs?: number;
  maxStaffPerAccount?: number;
  /** Accounts whose last copy this instance keeps. */
  maxAccounts?: number;
}) {
  const now = opts.now ?? Date.now;
  const recentMs = opts.recentMs ?? 24 * HOUR;
  const seenWriteEveryMs = opts.seenWriteEveryMs ?? HOUR;
  const maxStaff = opts.maxStaffPerAccount ?? 500;
  const maxAccounts = opts.maxAccounts ?? 10_000;
  /** Account → the last copy this instance read or wrote, least recently used first. */
  const copies = new Map<string, StaffMap>();
  const key = (account: string) => addonKey('staff', account);

  function keep(account: string, staff: StaffMap): StaffMap {
    copies.delete(account);
    copies.set(account, staff);
    for (const [oldest] of copies) {
      if (copies.size <= maxAccounts) break;
      copies.delete(oldest);
    }
    return staff;
  }

  const online = (entry: StaffEntry, at: number) => entry.seenAt + recentMs > at;
  /** Drops staff not seen lately whose answers have lapsed too (a "no" is kept its week: a technician back on
   * Monday is not asked again as a stranger), and the least recently seen beyond the cap. */
  function prune(staff: StaffMap): StaffMap {
    const at = now();
    for (const [uuid, entry] of staff)
      if (!online(entry, at) && entry.narrowedUntil <= at && entry.seesAllUntil <= at) staff.delete(uuid);
    for (const [uuid] of staff) {
      if (staff.size <= maxStaff) break;
      staff.delete(uuid);
    }
    return staff;
  }

  /** The staff online lately (the ones the rounds are about), each with what is known of them. */
  const onlineOf = (staff: StaffMap): StaffMap => {
    const at = now();
    return new Map([...staff].filter(([, entry]) => online(entry, at)));
  };

  /** This instance's last copy, to change: what it knew goes on when the store has nothing (the value expired). */
  const copyOf = (account: string): StaffMap =>
    new Map([...(copies.get(account) ?? [])].map(([uuid, entry]) => [uuid, { ...entry }]));
  /** The store's value, or this instance's copy when the store has none. */
  const fromStore = (account: string, raw: string | undefined): StaffMap =>
    raw === undefined ? copyOf(account) : decode(raw);

  /** Changes the account's map in the shared store (a few tries when another instance writes meanwhile). */
  async function update(account: string, change: (staff: StaffMap) => void): Promise<void> {
    try {
      for (let attempt = 0; attempt < 4; attempt++) {
        const raw = await opts.store.get(key(account));
        const staff = fromStore(account, raw);
        change(staff);
        const next = encode(prune(staff));
        const written =
          raw === undefined
            ? await opts.store.setIfAbsent(key(account), next, KEPT_MS)
            : await opts.store.compareAndSet(key(account), raw, next);
        if (written) return void keep(account, staff);
      }
    } catch {
      // The store is out: this instance keeps the change in its own copy.
    }
    const local = copyOf(account);
    change(local);
    keep(account, prune(local));
  }

  return {
    /** The account's staff online lately as the instances know them now (this instance's last copy if the store
     * fails). */
    async load(account: string): Promise<StaffMap> {
      try {
        return onlineOf(keep(account, prune(fromStore(account, await opts.store.get(key(account))))));
      } catch {
        return onlineOf(prune(copyOf(account)));
      }
    },

    /** A browser of this staff member registered for the account's feed, or opened its stream. */
    async seen(account: string, uuid: Uuid): Promise<void> {
      const at = now();
      const known = copies.get(account)?.get(uuid);
      if (known && at - known.seenAt < seenWriteEveryMs) return;
      await update(account, (staff) => {
        const entry = staff.get(uuid);
        staff.delete(uuid);
        staff.set(uuid, {
          seenAt: at,
          narrowedUntil: entry?.narrowedUntil ?? 0,
          askedAt: entry?.askedAt ?? 0,
          sawLast: entry?.sawLast ?? false,
          seesAllUntil: entry?.seesAllUntil ?? 0,
        });
      });
    },

    /** What a round learnt: each answered staff member's yes or no, at `at`; `narrowedMs` spares a "no", which
     * also ends "sees every job"; `seesAll` are those just shown to see a job not theirs, until `seesAllUntil`. */
    async answered(
      account: string,
      answers: ReadonlyMap<Uuid, 'yes' | 'no'>,
      at: number,
      narrowedMs: number,
      seesAll: { staff: ReadonlySet<Uuid>; until: number } = { staff: new Set(), until: 0 },
    ): Promise<void> {
      if (answers.size === 0 && seesAll.staff.size === 0) return;
      await update(account, (staff) => {
        for (const [uuid, answer] of answers) {
          const entry = staff.get(uuid);
          if (!entry) continue;
          entry.askedAt = at;
          entry.sawLast = answer === 'yes';
          if (answer === 'no') {
            entry.narrowedUntil = at + narrowedMs;
            entry.seesAllUntil = 0;
          }
        }
        for (const uuid of seesAll.staff) {
          const entry = staff.get(uuid);
          if (entry && answers.get(uuid) !== 'no') entry.seesAllUntil = seesAll.until;
        }
      });
    },
  };
}

export type StaffKnowledge = ReturnType<typeof createStaffKnowledge>;
