import { hash32, indexedUuid, nameCode, unit } from './prng';
import type { Rec } from './field-kinds';
import { DAY, HOUR, workingDaysBack } from './seed-calendar';
import { createSchedule } from './seed-schedule';

/** A pseudo-field of seeded notes and activities: the position of their job, to check visibility without UUIDs. */
export const JOB_INDEX = '__job_index';

export { DAY, HOUR } from './seed-calendar';

/** Working days of history: about two years of weekdays. */
export const HISTORY_DAYS = 520;
/** Jobs this young (in working days) are recent: more of them are still quotes or open work orders. */
const RECENT_DAYS = 42;

export interface JobSeedContext {
  seed: number;
  accountIndex: number;
  jobCount: number;
  /** Account-local wall clock "now" and today's midnight, held as if UTC (see time.ts formatNaive). */
  nowNaive: number;
  todayNaive: number;
  lat: number;
  lng: number;
  /** The account's country (AccountProfile.region): how its contacts' numbers are written. */
  region: string;
  companies: Rec[];
  categoryUuids: string[];
  badgeUuids: string[];
  /** Admin and office staff: job creators and note authors. */
  officeStaff: string[];
  /** Technicians and subcontractor; the active ones first, then inactive ones (they keep old jobs only). */
  fieldStaff: string[];
  activeFieldCount: number;
}

/**
 * The shape of an account's seeded history, shared by jobs, job activities, job contacts and notes: which jobs
 * exist in which status and when (jobs are dated on working days, oldest first; recent ones are more often open),
 * and which visits each has (seed-schedule.ts places them so no one is in two places at once). The newest few
 * jobs are today's visits, three for every active field worker. Everything is a function of the index, except the
 * small typed arrays of the schedule.
 */
export function createSeedPlan(ctx: JobSeedContext) {
  const n = ctx.jobCount;
  const jobSeed = hash32(ctx.seed, ctx.accountIndex, nameCode('job'));
  const actSeed = hash32(ctx.seed, ctx.accountIndex, nameCode('jobactivity'));
  const noteSeed = hash32(ctx.seed, ctx.accountIndex, nameCode('note'));
  const todayCount = Math.min(n, ctx.activeFieldCount * 3);
  const isToday = (i: number) => i >= n - todayCount;
  const h = (i: number, salt: number) => hash32(jobSeed, i, salt);
  const days = workingDaysBack(Math.floor(ctx.todayNaive / DAY), HISTORY_DAYS + 1);
  /** Age in working days (0 = today). */
  const ageOf = (i: number) => (isToday(i) ? 0 : 1 + Math.floor(((n - 1 - i) / Math.max(1, n)) * (HISTORY_DAYS - 1)));

  const statusOf = (i: number): string => {
    if (isToday(i)) return 'Work Order';
    const r = unit(h(i, 11));
    if (ageOf(i) < RECENT_DAYS)
      return r < 0.2 ? 'Completed' : r < 0.25 ? 'Unsuccessful' : r < 0.65 ? 'Work Order' : 'Quote';
    return r < 0.6 ? 'Completed' : r < 0.68 ? 'Unsuccessful' : r < 0.82 ? 'Work Order' : 'Quote';
  };
  const dateOf = (i: number): number => (days[ageOf(i)] as number) * DAY;
  const editOf = (i: number, status: string, date: number): number => {
    const settle = status === 'Completed' || status === 'Unsuccessful' ? (1 + (h(i, 13) % 7)) * DAY : 0;
    const edited = date + settle + (h(i, 14) % (10 * HOUR)) + 7 * HOUR;
    return Math.min(edited, ctx.nowNaive - 60_000 - (h(i, 15) % 600_000));
  };
  /** Index of the job's client in ctx.companies. */
  const companyIndex = (i: number) => hash32(h(i, 17), 1) % ctx.companies.length;

  const visitsOf = (i: number): number => {
    const status = statusOf(i);
    const r = unit(h(i, 16));
    return isToday(i) ? 1 : status === 'Quote' ? (r < 0.1 ? 1 : 0) : status === 'Unsuccessful' ? 1 : r < 0.27 ? 2 : 1;
  };
  const schedule = createSchedule({
    ...ctx,
    actSeed,
    todayCount,
    statusOf,
    dateOf,
    visitsOf,
    recent: (i) => ageOf(i) < RECENT_DAYS,
  });

  const jobUuid = (i: number) => indexedUuid(jobSeed, i);
  const jobEdit = (i: number) => editOf(i, statusOf(i), dateOf(i));

  return {
    n,
    jobSeed,
    actSeed,
    noteSeed,
    h,
    isToday,
    statusOf,
    dateOf,
    editOf,
    companyIndex,
    jobUuid,
    jobEdit,
    schedule,
  };
}

export type SeedPlan = ReturnType<typeof createSeedPlan>;
