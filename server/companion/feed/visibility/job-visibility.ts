import { z } from 'zod';
import { PlatformUuidSchema, type Uuid } from '../../../../contracts/uuid';
import { createBackgroundWork } from '../background-work';
import { JobRecord } from '../enrich/job-records';
import { createPlatformRead } from '../platform-read';
import { platformFetch } from '../platform-error';
import type { StaffMap } from './staff-knowledge';
import type { JobVisibilityOptions } from './job-visibility-options';

// Who may see a changed job, among the staff members whose browsers the platform vouched for and who were online
// lately, so the record the companion read goes to them and to nobody else (reader-view.ts). The platform decides:
// `GET job/<uuid>.json` impersonating the staff member, 200 yes, 403 or 404 no. Nobody is named without the
// platform's word for that very job, or for every job:
// - Known to see every job: the platform let them see a job that has no visit or allocation of theirs (asked of the
//   job's visits and allocations once, after a yes). Kept a day, for edits and new jobs alike (whoever sees every job
//   sees a new one); lost on any no, and confirmed again by the first new job's round once it lapsed.
// - A yes for the job, lately (job-yes.ts): a round, a visit read as them (visit-jobs.ts), or their own list.
// - Narrowed (a no lately: they see only some jobs, e.g. a technician's allocated ones): their own list of jobs, read
//   as them in a request or two every few hours while they are online, says which.
// Anyone else not asked yet is asked now, those who saw the last new job first, within the companion's share of the
// minute and the round's time. For a job just created everyone not narrowed and not known to see every job is asked
// (a new job has no visits yet: the round is also how the office is found, and how it is found again once its "sees
// every job" lapsed, a day on); whoever it could not settle is listed as unchecked, and their browser reads the job
// itself. What is known of the staff is shared by the companion's instances (staff-knowledge.ts).

export interface Visibility {
  /** The platform lets each of them see the job. */
  visibleTo: Uuid[];
  /** For a job just created: not narrowed, but not settled by this round: their browsers read the job. */
  unchecked: Uuid[];
}

const HOUR = 3_600_000;
/** Lists read at most per change, and pages per list: a list is one staff member's whole view. */
const LISTS_PER_CHANGE = 4;
const PAGES_PER_LIST = 3;

const Listed = z.array(z.looseObject({ uuid: PlatformUuidSchema }));
const Linked = z.array(z.looseObject({ staff_uuid: PlatformUuidSchema.nullish(), active: z.unknown().optional() }));

export function createJobVisibility(opts: JobVisibilityOptions) {
  const get = createPlatformRead(opts);
  const fetchFn = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const narrowedMs = opts.narrowedMs ?? 7 * 24 * HOUR;
  const seesAllMs = opts.seesAllMs ?? 24 * HOUR;
  const concurrency = opts.concurrency ?? 6;
  // The webhook is answered after the record's read (at most 3 s) and this round: both together stay well inside
  // the platform's wait for a delivery (about 10 s), past which it counts a failure toward deactivation.
  const roundMs = opts.roundMs ?? 4_000;
  const maxUnchecked = opts.maxUnchecked ?? 100;
  const background = opts.background ?? createBackgroundWork();
  const spend = (account: string) => opts.spend?.(account) ?? true;
  const listing = new Set<string>();

  /** Whom a round asks first: those who saw the last new job (the office), then whoever was asked least lately. */
  const byPriority = (staff: StaffMap, uuids: Uuid[]) =>
    uuids.sort((a, b) => {
      const x = staff.get(a)!;
      const y = staff.get(b)!;
      return Number(y.sawLast) - Number(x.sawLast) || x.askedAt - y.askedAt;
    });

  /** 'yes' on the platform's 200 for this job, 'no' on its refusal, 'unknown' for anything else. */
  async function check(token: string, staff: Uuid, jobUuid: Uuid): Promise<'yes' | 'no' | 'unknown'> {
    try {
      const res = await get(token, 'job', jobUuid, { staff });
      if (!res.ok) {
        await res.body?.cancel();
        return res.status === 403 || res.status === 404 ? 'no' : 'unknown';
      }
      const job = JobRecord.safeParse(await res.json().catch(() => null));
      return job.success && job.data.uuid === jobUuid ? 'yes' : 'unknown';
    } catch {
      return 'unknown';
    }
  }

  /** GET <type>.json with the account's grant (no impersonation), as `[]` on any failure. */
  async function list(token: string, path: string): Promise<unknown> {
    const res = await platformFetch(
      fetchFn,
      `${opts.platformBaseUrl}/api_1.0/${path}`,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, timeoutMs: opts.timeoutMs ?? 3_000 },
      `GET ${path.split('?')[0]}`,
    );
    if (!res.ok) return void (await res.body?.cancel());
    return res.json().catch(() => undefined);
  }

  /** Of the staff who may see the job, those with no visit or allocation of it: they see every job. */
  async function seeingAll(account: string, token: string, jobUuid: Uuid, yes: Uuid[]): Promise<Set<Uuid>> {
    if (yes.length === 0 || !spend(account) || !spend(account)) return new Set();
    // Encoded as the platform wants it (a `+` for a space is not read as one, and an unread filter answers all).
    const filter = `%24filter=${encodeURIComponent(`job_uuid eq '${jobUuid}'`)}`;
    try {
      const [visits, allocations] = await Promise.all([
        list(token, `jobactivity.json?${filter}`),
        list(token, `joballocation.json?${filter}`),
      ]);
      const parsed = [Linked.safeParse(visits), Linked.safeParse(allocations)];
      if (!parsed.every((p) => p.success)) return new Set();
      const linked = new Set(parsed.flatMap((p) => p.data!.flatMap((r) => (r.staff_uuid ? [r.staff_uuid] : []))));
      return new Set(yes.filter((s) => !linked.has(s)));
    } catch {
      return new Set();
    }
  }

  /** One staff member's own list of jobs (every page, up to a few), or undefined when it could not be had. */
  async function readList(account: string, token: string, staff: Uuid): Promise<Uuid[] | undefined> {
    const jobs: Uuid[] = [];
    let cursor = '-1';
    for (let page = 0; page < PAGES_PER_LIST; page++) {
      if (!spend(account)) return undefined;
      const res = await platformFetch(
        fetchFn,
        `${opts.platformBaseUrl}/api_1.0/job.json?cursor=${encodeURIComponent(cursor)}`,
        {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'x-impersonate-uuid': staff },
          timeoutMs: 20_000,
        },
        'GET job.json as a staff member',
      ).catch(() => undefined);
      if (!res?.ok) return void (await res?.body?.cancel());
      const parsed = Listed.safeParse(await res.json().catch(() => null));
      if (!parsed.success) return undefined;
      jobs.push(...parsed.data.map((j) => j.uuid));
      const next = res.headers.get('x-next-cursor');
      if (!next) return jobs;
      cursor = next;
    }
    return undefined;
  }

  /** Reads the lists of narrowed staff online who have none fresh, a few at a time, in the background. */
  function refreshLists(account: string, token: string, staff: StaffMap): void {
    if (listing.has(account)) return;
    const at = now();
    const due = [...staff]
      .filter(([uuid, e]) => e.narrowedUntil > at && e.seesAllUntil <= at && !opts.yes.listed(account, uuid))
      .map(([uuid]) => uuid)
      .slice(0, LISTS_PER_CHANGE);
    if (due.length === 0) return;
    listing.add(account);
    background.run(async () => {
      try {
        for (const uuid of due) {
          const jobs = await readList(account, token, uuid).catch(() => undefined);
          if (!jobs) break;
          opts.yes.list(account, uuid, jobs);
        }
      } finally {
        listing.delete(account);
      }
    });
  }

  return {
    /** A browser of this staff member (verified) registered for the account's feed, or opened its stream. */
    registered: (account: string, staffUuid: Uuid): Promise<void> => opts.knowledge.seen(account, staffUuid),

    /** Who would have been asked about a new job the companion could not read at all: everyone registered and not
     * known to be narrowed, whose browsers then read the job themselves. No request. */
    async unsettled(account: string): Promise<Uuid[]> {
      const staff = await opts.knowledge.load(account);
      const at = now();
      const open = [...staff].filter(([, e]) => e.narrowedUntil <= at).map(([uuid]) => uuid);
      return byPriority(staff, open).slice(0, maxUnchecked);
    },

    /**
     * Whom the platform lets see a changed job, among the verified staff online: known already, or asked now with
     * `token` (the account's grant) impersonating each; and, for a job just `created`, those it could not ask.
     */
    async forChange(
      account: string,
      jobUuid: Uuid,
      token: string,
      how: { created: boolean },
    ): Promise<Visibility | undefined> {
      const staff = await opts.knowledge.load(account);
      if (staff.size === 0) return undefined;
      const at = now();
      const known: Uuid[] = [];
      const open: Uuid[] = [];
      for (const [uuid, entry] of staff) {
        if (entry.narrowedUntil > at) {
          // A narrowed staff member sees a job just created only by an allocation made at once: not asked.
          if (!how.created && opts.yes.sees(account, uuid, jobUuid)) known.push(uuid);
        } else if (entry.seesAllUntil > at || (!how.created && opts.yes.sees(account, uuid, jobUuid))) {
          known.push(uuid);
        } else if (how.created || !opts.yes.listedWithout(account, uuid, jobUuid)) open.push(uuid);
      }
      const ask = byPriority(staff, open);
      const deadline = performance.now() + roundMs;
      const answers = new Map<Uuid, 'yes' | 'no'>();
      let next = 0;
      const worker = async () => {
        while (next < ask.length && performance.now() < deadline) {
          if (!spend(account)) return;
          const uuid = ask[next++]!;
          const answer = await check(token, uuid, jobUuid);
          // A failed check teaches nothing: the staff member keeps their place, and is listed as unchecked.
          if (answer !== 'unknown') answers.set(uuid, answer);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, ask.length) }, worker));
      for (const [uuid, answer] of answers)
        if (answer === 'yes') opts.yes.yes(account, uuid, jobUuid);
        else opts.yes.no(account, uuid, jobUuid);
      // Those who said yes and are not known (lately enough) to see every job: are they allocated this job at all?
      const said = ask.filter((uuid) => answers.get(uuid) === 'yes');
      const unconfirmed = said.filter((uuid) => staff.get(uuid)!.seesAllUntil < at + seesAllMs / 2);
      const seesAll = await seeingAll(account, token, jobUuid, unconfirmed);
      await opts.knowledge.answered(account, answers, now(), narrowedMs, { staff: seesAll, until: at + seesAllMs });
      // Those who just said no are narrowed now: their lists are read at once.
      for (const [uuid, answer] of answers) if (answer === 'no') staff.get(uuid)!.narrowedUntil = at + narrowedMs;
      refreshLists(account, token, staff);
      // In the order asked, whatever order the answers came in.
      return {
        visibleTo: [...known, ...said],
        unchecked: how.created ? ask.filter((uuid) => !answers.has(uuid)).slice(0, maxUnchecked) : [],
      };
    },
  };
}

export type JobVisibility = ReturnType<typeof createJobVisibility>;
