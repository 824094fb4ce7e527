import { hash32, indexedUuid, nameCode, unit } from './prng';
import type { Rec } from './record-types';

/** A pseudo-field of seeded notes and activities: the position of their job, to check visibility without UUIDs. */
export const JOB_INDEX = '__job_index';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

export interface JobSeedContext {
  seed: number;
  accountIndex: number;
  jobCount: number;
  /** Account-local wall clock "now" and today's midnight, held as if UTC (see time.ts formatNaive). */
  nowNaive: number;
  todayNaive: number;
  lat: number;
  lng: number;
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
 * The shape of an account's seeded history, shared by jobs, job activities and notes: which jobs exist in which
 * status and when, and which visits (job activities) each has, by whom. Older jobs are mostly completed; open work
 * orders are scheduled over the days around today, and the newest few are today's visits, shared round-robin between
 * the active field staff, so every technician has several jobs today. Everything is a function of the index, except
 * the small typed arrays that map visits to jobs and staff.
 */
export function createSeedPlan(ctx: JobSeedContext) {
  const n = ctx.jobCount;
  const jobSeed = hash32(ctx.seed, ctx.accountIndex, nameCode('job'));
  const actSeed = hash32(ctx.seed, ctx.accountIndex, nameCode('jobactivity'));
  const noteSeed = hash32(ctx.seed, ctx.accountIndex, nameCode('note'));
  const todayCount = Math.min(n, ctx.activeFieldCount * 3);
  const isToday = (i: number) => i >= n - todayCount;
  const h = (i: number, salt: number) => hash32(jobSeed, i, salt);

  const statusOf = (i: number): string => {
    if (isToday(i)) return 'Work Order';
    const r = unit(h(i, 11));
    return r < 0.55 ? 'Completed' : r < 0.62 ? 'Unsuccessful' : r < 0.82 ? 'Work Order' : 'Quote';
  };
  const dateOf = (i: number, status: string): number => {
    if (isToday(i)) return ctx.todayNaive;
    let age = Math.floor(((n - 1 - i) / Math.max(1, n)) * 730);
    if (status === 'Work Order' || status === 'Quote') age = Math.min(age, h(i, 12) % 45);
    return ctx.todayNaive - age * DAY;
  };
  const editOf = (i: number, status: string, date: number): number => {
    const settle = status === 'Completed' || status === 'Unsuccessful' ? (1 + (h(i, 13) % 7)) * DAY : 0;
    const edited = date + settle + (h(i, 14) % (10 * HOUR)) + 7 * HOUR;
    return Math.min(edited, ctx.nowNaive - 60_000 - (h(i, 15) % 600_000));
  };

  // Activities per job, computed once so activity k can name its job and a job its first activity.
  const perJob = new Uint8Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const status = statusOf(i);
    const r = unit(h(i, 16));
    const count = isToday(i) ? 1 : status === 'Quote' ? (r < 0.1 ? 1 : 0) : status === 'Unsuccessful' ? 1 : r < 0.27 ? 2 : 1;
    perJob[i] = count;
    total += count;
  }
  const activityJob = new Int32Array(total);
  const activitySlot = new Uint8Array(total);
  const activityStaff = new Uint8Array(total);
  const firstActivity = new Int32Array(n).fill(-1);
  for (let i = 0, k = 0; i < n; i++) {
    for (let slot = 0; slot < (perJob[i] ?? 0); slot++, k++) {
      if (slot === 0) firstActivity[i] = k;
      activityJob[k] = i;
      activitySlot[k] = slot;
      const open = statusOf(i) === 'Work Order' || statusOf(i) === 'Quote';
      const pool = open ? ctx.activeFieldCount : ctx.fieldStaff.length;
      activityStaff[k] = isToday(i) ? (n - 1 - i) % ctx.activeFieldCount : hash32(actSeed, k, 1) % pool;
    }
  }


  const jobUuid = (i: number) => indexedUuid(jobSeed, i);
  const jobEdit = (i: number) => {
    const status = statusOf(i);
    return editOf(i, status, dateOf(i, status));
  };
  const activityStart = (k: number): number => {
    const i = activityJob[k] as number;
    const status = statusOf(i);
    if (isToday(i)) return ctx.todayNaive + (7 + 2 * Math.floor((n - 1 - i) / ctx.activeFieldCount)) * HOUR;
    const hour = (7 + (hash32(actSeed, k, 2) % 9)) * HOUR + (hash32(actSeed, k, 3) % 2) * 30 * 60_000;
    if (status === 'Work Order') return ctx.todayNaive + ((hash32(actSeed, k, 4) % 18) - 3) * DAY + hour;
    return dateOf(i, status) + (activitySlot[k] ?? 0) * DAY + hour;
  };
  const activityEdit = (k: number) => Math.min(activityStart(k) - 2 * DAY, ctx.nowNaive - 120_000);

  return {
    n, jobSeed, actSeed, noteSeed, h, isToday, statusOf, dateOf, editOf, total, activityJob, activitySlot,
    activityStaff, firstActivity, jobUuid, jobEdit, activityStart, activityEdit,
  };
}

export type SeedPlan = ReturnType<typeof createSeedPlan>;
