import { JobRecord } from './job-records';
import { createPlatformRead } from './platform-read';
import type { StaffKnowledge, StaffMap } from './staff-knowledge';

// Who may see a job just created, asked of the platform for each staff member whose browser registered lately, so
// a browser that does not hold the job knows whether to take it from the change (issue 18). The platform decides:
// `GET job/<uuid>.json` impersonating the staff member, 200 yes, 403 or 404 no. Nobody is named without the
// platform's 200 for that very job.
//
// A round asks everyone not known to be narrowed, those who saw the last new job first (the office, who see every
// job), then whoever was asked least lately. A "no" marks the staff member as narrowed (sees only some jobs, e.g. a
// technician who sees the jobs allocated to them) for a while, and later new jobs skip them: a day of new jobs
// costs one round of everyone plus, per job, the few who see everything. Whoever the round could not settle (the
// companion's share of the minute ran out, the round's time ran out, a check failed) is listed as unchecked, and
// their browser reads the job itself: a partial round costs requests, never a job someone should see. An earlier
// version asked at most 12 a job, and the first jobs of a morning missed the office until the safety-net sync.
// What is known of the staff is shared by the companion's instances (staff-knowledge.ts).

/** What a round learnt of one new job. */
export interface Visibility {
  /** The platform answered 200 for each of them. */
  visibleTo: string[];
  /** Registered and not known to be narrowed, but not settled by this round: their browsers read the job. */
  unchecked: string[];
}

const HOUR = 3_600_000;

export function createJobVisibility(opts: {
  platformBaseUrl: string;
  /** Whose browsers were online, and what earlier rounds learnt: shared by the instances (staff-knowledge.ts). */
  knowledge: StaffKnowledge;
  fetch?: typeof fetch;
  now?: () => number;
  /** How long a "no" spares a staff member further checks. */
  narrowedMs?: number;
  /** Checks at once, so a round does not burst through the account's per-minute limit. */
  concurrency?: number;
  /** One check's limit. */
  timeoutMs?: number;
  /** All checks of one job: the platform is waiting for the webhook's answer meanwhile; later ones are left out. */
  roundMs?: number;
  /** Staff members listed as unchecked on one change, at most (it bounds the change's size). */
  maxUnchecked?: number;
  /** Takes one request of the companion's share of the account's per-minute limit (read-budget.ts); once it
   * answers false, the rest of the round is left out. */
  spend?: (account: string) => boolean;
}) {
  const get = createPlatformRead(opts);
  const now = opts.now ?? Date.now;
  const narrowedMs = opts.narrowedMs ?? 12 * HOUR;
  const concurrency = opts.concurrency ?? 6;
  // The webhook is answered after the record's read (at most 3 s) and this round: both together stay well inside
  // the platform's wait for a delivery (about 10 s), past which it counts a failure toward deactivation.
  const roundMs = opts.roundMs ?? 4_000;
  const maxUnchecked = opts.maxUnchecked ?? 100;

  /** Whom a round asks, in order: everyone not known to be narrowed, those who saw the last new job first (the
   * office, who see every job), then whoever was asked least lately. */
  function askable(staff: StaffMap): string[] {
    const at = now();
    return [...staff]
      .filter(([, entry]) => entry.narrowedUntil <= at)
      .sort(([, a], [, b]) => Number(b.sawLast) - Number(a.sawLast) || a.askedAt - b.askedAt)
      .map(([uuid]) => uuid);
  }

  /** 'yes' on the platform's 200 for this job, 'no' on its refusal, 'unknown' for anything else. */
  async function check(token: string, staff: string, jobUuid: string): Promise<'yes' | 'no' | 'unknown'> {
    try {
      const res = await get(token, 'job', jobUuid, { staff });
      if (!res.ok) {
        await res.body?.cancel();
        return res.status === 403 || res.status === 404 ? 'no' : 'unknown';
      }
      const job = JobRecord.safeParse(await res.json().catch(() => null));
      return job.success && job.data.uuid.toLowerCase() === jobUuid.toLowerCase() ? 'yes' : 'unknown';
    } catch {
      return 'unknown';
    }
  }

  return {
    /** A browser of this staff member registered for the account's feed, or opened its stream. */
    registered: (account: string, staffUuid: string): Promise<void> => opts.knowledge.seen(account, staffUuid),

    /** Who would have been asked about a new job the companion could not read at all (no token could, its share of
     * the minute was spent, the platform failed): everyone registered and not known to be narrowed, whose browsers
     * then read the job themselves. No request. */
    async unsettled(account: string): Promise<string[]> {
      return askable(await opts.knowledge.load(account)).slice(0, maxUnchecked);
    },

    /**
     * The registered staff members the platform says may see the job, asked with `token` impersonating each, and
     * those it could not ask; undefined when no staff member is there to ask.
     */
    async visibleTo(account: string, jobUuid: string, token: string): Promise<Visibility | undefined> {
      const staff = await opts.knowledge.load(account);
      if (staff.size === 0) return undefined;
      const ask = askable(staff);
      const deadline = performance.now() + roundMs;
      const answers = new Map<string, 'yes' | 'no'>();
      let next = 0;
      const worker = async () => {
        while (next < ask.length && performance.now() < deadline) {
          if (opts.spend && !opts.spend(account)) return;
          const uuid = ask[next++]!;
          const answer = await check(token, uuid, jobUuid);
          // A failed check teaches nothing: the staff member keeps their place, and is listed as unchecked.
          if (answer !== 'unknown') answers.set(uuid, answer);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, ask.length) }, worker));
      await opts.knowledge.answered(account, answers, now(), narrowedMs);
      // In the order asked, whatever order the answers came in.
      return {
        visibleTo: ask.filter((uuid) => answers.get(uuid) === 'yes'),
        unchecked: ask.filter((uuid) => !answers.has(uuid)).slice(0, maxUnchecked),
      };
    },
  };
}

export type JobVisibility = ReturnType<typeof createJobVisibility>;
