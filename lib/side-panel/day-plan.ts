// "My day" out of the platform's records: which job activities are the day's visits, where recorded
// time on site goes, and which allocated jobs belong to the day (reference/PLATFORM-NOTES.md,
// "Records a field worker's day needs"). Pure, so the rules are tested as a table.
//
// - A visit is a job activity scheduled in advance (`activity_was_scheduled`). An activity recorded
//   after the fact (`activity_was_recorded`) is time spent on site, never a visit of its own.
// - Recorded time goes on that job's visit of the day (the one it overlaps most, else the nearest in
//   time); a job with recorded time and no visit that day still shows, with its time on site.
// - An allocation gives a job without a time. It belongs to a day from its `allocation_date` (the
//   first day it may be done; when blank, from when it was allocated) until it is completed or
//   expires, unless the job already has a visit that day.
import { comparableTime } from '../api/filter-checks';
import type { JobActivity, JobAllocation } from '../api/schemas';
import type { TimeOnSite } from '../messaging/views';
import type { Uuid } from '../../contracts/uuid';
import { isOpen } from '../../contracts/visit-on-platform';

type Range = { from: string; to: string };

export interface PlannedVisit {
  activity: JobActivity;
  onSite: TimeOnSite[];
}

export interface PlannedJob {
  jobUuid: Uuid;
  allocation: JobAllocation | null;
  onSite: TimeOnSite[];
}

export interface DayPlan {
  visits: PlannedVisit[];
  /** Allocated jobs first (by their sort priority), then jobs with only recorded time (by its start). */
  otherJobs: PlannedJob[];
}

/** Whether an allocation is the staff member's on the day `range`. */
export function allocatedOn(a: JobAllocation, range: Range): boolean {
  if (!a.active || !a.job_uuid) return false;
  const start = a.allocation_date ?? a.allocated_timestamp;
  if (start !== null && comparableTime(start) >= range.to) return false;
  if (a.completion_timestamp !== null && comparableTime(a.completion_timestamp) < range.from) return false;
  if (a.expiry_timestamp !== null && comparableTime(a.expiry_timestamp) <= range.from) return false;
  return true;
}

export function planDay(
  activities: readonly JobActivity[],
  allocations: readonly JobAllocation[],
  range: Range,
): DayPlan {
  const live = activities.filter((a) => a.active && a.job_uuid);
  // An activity marked both ways breaks the platform's own rule; it was booked, so it is a visit.
  const visits: PlannedVisit[] = live
    .filter((a) => a.activity_was_scheduled)
    .sort(byStart)
    .map((activity) => ({ activity, onSite: [] }));
  const recorded = live
    .filter((a) => a.activity_was_recorded && !a.activity_was_scheduled && a.start_date !== null)
    .sort(byStart);

  const visited = new Set(visits.map((v) => v.activity.job_uuid));
  const others = new Map<string, PlannedJob>();
  for (const a of allocations.filter((x) => allocatedOn(x, range)).sort(byPriority)) {
    const job = a.job_uuid!;
    if (!visited.has(job) && !others.has(job)) others.set(job, { jobUuid: job, allocation: a, onSite: [] });
  }
  for (const r of recorded) {
    // Arriving writes the end as the start (contracts/job-actions.ts): still on site until leaving moves it.
    const time = { start: r.start_date!, end: isOpen(r) ? null : r.end_date };
    const visit = visitFor(r, visits);
    if (visit) {
      visit.onSite.push(time);
      continue;
    }
    const job = r.job_uuid!;
    const other = others.get(job) ?? { jobUuid: job, allocation: null, onSite: [] };
    others.set(job, other);
    other.onSite.push(time);
  }
  return { visits, otherJobs: [...others.values()] };
}

/** The visit of the same job that recorded time belongs to: the one it overlaps most, else the
 * one starting nearest to it. */
function visitFor(r: JobActivity, visits: readonly PlannedVisit[]): PlannedVisit | undefined {
  const same = visits.filter((v) => v.activity.job_uuid === r.job_uuid);
  if (same.length <= 1) return same[0];
  const [rs, re] = span(r);
  const score = (v: PlannedVisit) => {
    const [vs, ve] = span(v.activity);
    return [Math.max(0, Math.min(re, ve) - Math.max(rs, vs)), -Math.abs(vs - rs)] as const;
  };
  return same.reduce((best, v) => {
    const [o, d] = score(v);
    const [bo, bd] = score(best);
    return o > bo || (o === bo && d > bd) ? v : best;
  });
}

/** An activity's start and end as comparable numbers (minutes of a naive clock: only differences matter). */
function span(a: Pick<JobActivity, 'start_date' | 'end_date'>): [number, number] {
  const at = (t: string) => Date.parse(`${t.replace(' ', 'T')}Z`) / 60_000;
  const start = at(comparableTime(a.start_date));
  return [start, a.end_date === null ? start : at(comparableTime(a.end_date))];
}

function byStart(a: JobActivity, b: JobActivity): number {
  return comparableTime(a.start_date).localeCompare(comparableTime(b.start_date)) || a.uuid.localeCompare(b.uuid);
}

function byPriority(a: JobAllocation, b: JobAllocation): number {
  const p = (x: JobAllocation) =>
    x.sort_priority.trim() !== '' && Number.isFinite(Number(x.sort_priority)) ? Number(x.sort_priority) : Infinity;
  const d = p(a) - p(b);
  if (d !== 0 && !Number.isNaN(d)) return d;
  return (
    comparableTime(a.allocation_date).localeCompare(comparableTime(b.allocation_date)) || a.uuid.localeCompare(b.uuid)
  );
}
