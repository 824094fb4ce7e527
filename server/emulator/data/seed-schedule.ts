import { hash32 } from './prng';
import {
  createDayPool,
  DAY,
  dayOf,
  isWorkingDay,
  MINUTE,
  SLOT_SPAN,
  SLOT_STARTS,
  SLOTS_PER_DAY,
} from './seed-calendar';
import type { JobSeedContext } from './seed-plan';

export interface ScheduleContext extends JobSeedContext {
  actSeed: number;
  /** The newest `todayCount` jobs are today's visits. */
  todayCount: number;
  statusOf(i: number): string;
  dateOf(i: number): number;
  visitsOf(i: number): number;
  recent(i: number): boolean;
}

/** Field workers who left the business (inactive) worked only on days older than this many days. */
const LEFT_DAYS_AGO = 240;
/** Days after today the calendar may place visits of open work orders and quotes. */
const FUTURE_DAYS = 200;

/**
 * Where and when every seeded visit happens: in job order, oldest first, each in the first free cell (one field
 * worker's slot, four a day, seed-calendar.ts) at or after the day it is wanted, today's first so each active worker
 * has three; a cell is one worker's slot, so no one is in two places at once. Three in ten visits of closed jobs that
 * ended before now have a recorded-time twin (activity_was_recorded 1): the time actually spent on site.
 */
export function createSchedule(ctx: ScheduleContext) {
  const n = ctx.jobCount;
  const today = dayOf(ctx.todayNaive);
  const active = ctx.activeFieldCount;
  const all = ctx.fieldStaff.length;
  const workersOn = (day: number) => (day < today - LEFT_DAYS_AGO ? all : active);

  let total = 0;
  const firstVisit = new Int32Array(n).fill(-1);
  const counts = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    counts[i] = ctx.visitsOf(i);
    if (counts[i]! > 0) firstVisit[i] = total;
    total += counts[i]!;
  }
  const visitJob = new Int32Array(total);
  for (let i = 0, v = 0; i < n; i++) for (let k = counts[i]!; k > 0; k--) visitJob[v++] = i;

  const first = dayOf(ctx.dateOf(0)) - 7;
  const pool = createDayPool(first, today + FUTURE_DAYS, (day) =>
    isWorkingDay(day, today) ? workersOn(day) * SLOTS_PER_DAY : 0,
  );
  const visitDay = new Int32Array(total);
  const visitCell = new Uint16Array(total);
  // Today's visits take today's first cells: cell c is worker c % active, slot c / active (see staffOf).
  pool.reserve(today, ctx.todayCount);
  for (let i = n - ctx.todayCount; i < n; i++) {
    const v = firstVisit[i] as number;
    visitDay[v] = today;
    visitCell[v] = n - 1 - i;
  }
  const h = (v: number, salt: number) => hash32(ctx.actSeed, v, salt);
  for (let v = 0; v < total; v++) {
    const i = visitJob[v] as number;
    if (i >= n - ctx.todayCount) continue;
    const status = ctx.statusOf(i);
    const jobDay = dayOf(ctx.dateOf(i));
    const closed = status === 'Completed' || status === 'Unsuccessful' || (status === 'Work Order' && !ctx.recent(i));
    const lead =
      status === 'Work Order' && ctx.recent(i) ? h(v, 1) % 15 : status === 'Quote' ? h(v, 1) % 5 : h(v, 1) % 2;
    const wanted = firstVisit[i] === v ? jobDay + lead : (visitDay[v - 1] as number) + 1 + (h(v, 1) % 4);
    const placed = pool.take(wanted, closed ? today - 1 : today + FUTURE_DAYS);
    visitDay[v] = placed.day;
    visitCell[v] = placed.cell;
  }

  const staffOf = (v: number): number => {
    const day = visitDay[v] as number;
    const workers = workersOn(day);
    const turn = day === today ? 0 : hash32(ctx.actSeed, day, 9) % workers;
    return (((visitCell[v] as number) % workers) + turn) % workers;
  };
  const slotBase = (v: number) =>
    (visitDay[v] as number) * DAY +
    (SLOT_STARTS[Math.floor((visitCell[v] as number) / workersOn(visitDay[v] as number))] ?? 0);
  const startOf = (v: number) => slotBase(v) + (h(v, 2) % 3) * 15 * MINUTE;
  const endOf = (v: number) => {
    const late = h(v, 2) % 3 > 0;
    return startOf(v) + (60 + 30 * (h(v, 3) % (late ? 2 : 3))) * MINUTE;
  };
  // Recorded time: arrived a little after the booked start, left around the booked end, never into the next slot.
  const recordedStart = (v: number) => startOf(v) + (h(v, 5) % 21) * MINUTE;
  const recordedEnd = (v: number) =>
    Math.min(endOf(v) - 15 * MINUTE + (h(v, 6) % 26) * MINUTE, slotBase(v) + SLOT_SPAN + 10 * MINUTE);

  const recorded = new Uint8Array(total);
  let rowCount = total;
  for (let v = 0; v < total; v++) {
    if (h(v, 4) % 10 < 3 && endOf(v) < ctx.nowNaive && ctx.statusOf(visitJob[v] as number) !== 'Quote') {
      recorded[v] = 1;
      rowCount++;
    }
  }
  // Rows are job activities: each visit, followed by its recorded twin when it has one.
  const rowVisit = new Int32Array(rowCount);
  const rowRecorded = new Uint8Array(rowCount);
  for (let v = 0, k = 0; v < total; v++) {
    rowVisit[k++] = v;
    if (recorded[v]) {
      rowVisit[k] = v;
      rowRecorded[k++] = 1;
    }
  }

  return {
    visits: total,
    rows: rowCount,
    firstVisit,
    visitJob,
    staffOf,
    rowJob: (k: number) => visitJob[rowVisit[k] as number] as number,
    rowStaff: (k: number) => staffOf(rowVisit[k] as number),
    rowRecorded: (k: number) => rowRecorded[k] === 1,
    rowStart: (k: number) => (rowRecorded[k] ? recordedStart : startOf)(rowVisit[k] as number),
    rowEnd: (k: number) => (rowRecorded[k] ? recordedEnd : endOf)(rowVisit[k] as number),
    /** A value per row for the row's own seeded choices. */
    rowHash: (k: number, salt: number) => hash32(ctx.actSeed, k, salt),
  };
}

export type Schedule = ReturnType<typeof createSchedule>;
