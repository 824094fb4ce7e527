import { hash32, nameCode, createRng } from './prng';
import { fillRecord, type Rec } from './field-kinds';
import { RECORD_TYPES } from './record-types';
import { DAY, dayOf, isWeekday } from './seed-calendar';
import { HOUR, type JobSeedContext, type SeedPlan } from './seed-plan';
import { BLANK_DATE, formatNaive } from './time';

/** How many jobs each active field worker has allocated without a time. */
const PER_WORKER = 2;

export interface SeededAllocation {
  record: Rec;
  jobIndex: number;
  staffIndex: number;
}

/**
 * Job allocations: jobs given to a field worker without a time slot, to fit in when they can. Each active worker
 * gets two recent quotes that need a site visit but have none booked: one allocated for today, one for the next
 * working day. A worker sees these jobs through the allocation alone.
 */
export function seedJobAllocations(ctx: JobSeedContext, plan: SeedPlan): SeededAllocation[] {
  const wanted = ctx.activeFieldCount * PER_WORKER;
  const jobs: number[] = [];
  for (let i = plan.n - 1; i >= 0 && jobs.length < wanted; i--) {
    if (!plan.isToday(i) && plan.statusOf(i) === 'Quote' && (plan.schedule.firstVisit[i] ?? -1) < 0) jobs.push(i);
  }
  const rng = createRng(hash32(plan.jobSeed, nameCode('joballocation')));
  const today = dayOf(ctx.todayNaive);
  let nextWorkingDay = today + 1;
  while (!isWeekday(nextWorkingDay)) nextWorkingDay++;
  return jobs.map((i, k) => {
    const staffIndex = Math.floor(k / PER_WORKER) % ctx.activeFieldCount;
    const forToday = k % PER_WORKER === 0;
    const allocatedAt = Math.min(
      ctx.todayNaive - 8 * HOUR + (hash32(plan.jobSeed, i, 41) % (4 * HOUR)),
      ctx.nowNaive - 300_000,
    );
    const record = fillRecord(RECORD_TYPES.joballocation!, {
      uuid: rng.uuid(),
      active: 1,
      edit_date: formatNaive(allocatedAt),
      job_uuid: plan.jobUuid(i),
      staff_uuid: ctx.fieldStaff[staffIndex] as string,
      allocation_date: formatNaive((forToday ? today : nextWorkingDay) * DAY),
      allocated_by_staff_uuid: ctx.officeStaff[k % ctx.officeStaff.length] as string,
      allocated_timestamp: formatNaive(allocatedAt),
      expiry_timestamp: BLANK_DATE,
      read_timestamp: BLANK_DATE,
      completion_timestamp: BLANK_DATE,
      sort_priority: String(k % PER_WORKER),
    });
    return { record, jobIndex: i, staffIndex };
  });
}
