import { describe, expect, it } from 'vitest';
import type { Job } from '../../api/schemas';
import { emptyCustomerSource, type StoredCustomerSource } from '../store/customer-store';
import { makeJob } from '../testing/fixtures';
import { applyJobChanges } from './customer-job-moves';

/** What a build takes each live job's customer from: a map in the order jobs came, a job's place kept when its
 * customer changes. The lists the source keeps must say the same, in the same order. */
function reference(source: StoredCustomerSource, jobs: readonly Job[]) {
  const map = new Map(source.jobs.map((job, i) => [job, source.customers[i]!]));
  const moved = new Set<string>();
  const customers = new Set<string>();
  for (const job of jobs) {
    const before = map.get(job.uuid);
    const customer = job.company_uuid ?? '';
    if (!job.active ? before === undefined : before === customer) continue;
    if (job.active) map.set(job.uuid, customer);
    else map.delete(job.uuid);
    moved.add(job.uuid);
    for (const c of [before, job.active ? customer : undefined]) if (c !== undefined) customers.add(c);
  }
  return { jobs: [...map.keys()], customers: [...map.values()], moved, movedCustomers: customers };
}

/** A seeded generator (mulberry32), so a failure names its case. */
function randomOf(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const CUSTOMERS = ['', 'company-a', 'company-b', 'company-c'];

describe("changed jobs put in the customers' source", () => {
  it('says what a map of every job would, in its order, for one job and for batches past the scanned size', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const random = randomOf(seed);
      const start = Array.from({ length: 200 }, (_, n) => n).filter(() => random(4) > 0);
      let source: StoredCustomerSource = {
        ...emptyCustomerSource(),
        jobs: start.map((n) => makeJob(n).uuid),
        customers: start.map(() => CUSTOMERS[random(CUSTOMERS.length)]!),
      };
      for (const size of [1, 1, 3, 32, 33, 80]) {
        // New jobs, moves, edits that keep the customer, jobs gone, jobs gone that were never there, one job twice.
        const batch = Array.from({ length: size }, () => {
          const n = random(260);
          const company = CUSTOMERS[random(CUSTOMERS.length)]!;
          return makeJob(n, { active: random(5) > 0, company_uuid: company === '' ? null : company } as Partial<Job>);
        });
        const given = { jobs: source.jobs, customers: source.customers };
        const copies = { jobs: given.jobs.slice(), customers: given.customers.slice() };
        const expected = reference(source, batch);
        const next = { ...source };
        const moves = applyJobChanges(next, batch);

        const label = `seed ${seed}, ${size} changed`;
        expect({ jobs: next.jobs, customers: next.customers }, label).toEqual({
          jobs: expected.jobs,
          customers: expected.customers,
        });
        expect(moves?.jobs ?? new Set(), label).toEqual(expected.moved);
        expect(moves?.customers ?? new Set(), label).toEqual(expected.movedCustomers);
        // The lists given are left as they were: the remembered source may hold them.
        expect(given, label).toEqual(copies);
        source = next;
      }
    }
  });

  it('makes no new lists for an edit that keeps its customer', () => {
    const job = makeJob(1, { company_uuid: 'company-a' } as Partial<Job>);
    const source = { ...emptyCustomerSource(), jobs: [job.uuid], customers: ['company-a'] };
    const { jobs, customers } = source;
    expect(applyJobChanges(source, [{ ...job, job_description: 'edited' }])).toBeNull();
    expect(source.jobs).toBe(jobs);
    expect(source.customers).toBe(customers);
  });
});
