import type { AccountData } from './seed-account';

/**
 * Which jobs each field staff member may see: the jobs allocated to them through active job activities (visits)
 * or active job allocations (no time slot).
 * Counts, because a job can have several visits by the same person; keyed by job position for speed.
 */
export interface Visibility {
  canSee(staffUuid: string, jobIndex: number): boolean;
  jobsOf(staffUuid: string): number[];
  allocate(staffUuid: string, jobIndex: number, delta: 1 | -1): void;
}

export function createVisibility(account: AccountData): Visibility {
  const byStaff = new Map<string, Map<number, number>>();
  const allocate = (staffUuid: string, jobIndex: number, delta: 1 | -1) => {
    let jobs = byStaff.get(staffUuid);
    if (!jobs) byStaff.set(staffUuid, (jobs = new Map()));
    const next = (jobs.get(jobIndex) ?? 0) + delta;
    if (next > 0) jobs.set(jobIndex, next);
    else jobs.delete(jobIndex);
  };
  const seeded = account.seededAllocations;
  for (let k = 0; k < seeded.count; k++) allocate(seeded.staffUuid(k), seeded.jobIndex(k), 1);
  return {
    canSee: (staffUuid, jobIndex) => byStaff.get(staffUuid)?.has(jobIndex) ?? false,
    jobsOf: (staffUuid) => [...(byStaff.get(staffUuid)?.keys() ?? [])].sort((a, b) => a - b),
    allocate,
  };
}
