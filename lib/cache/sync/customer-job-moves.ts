// What jobs stored outside a full sync (a live job, an incremental sync's changes) do to the customers' source
// (customer-store.ts): each live job's customer, kept as two lists in the order a build takes them. customer-sync.ts
// rebuilds the index from what this says moved.
import type { Job } from '../../api/schemas';
import type { StoredCustomerSource } from '../store/customer-store';

/** What changed jobs did to the source: the jobs that came, went or changed customer, and the customers they left or
 * joined ('' for none). */
export interface JobMoves {
  jobs: Set<string>;
  customers: Set<string>;
}

/** Up to this many changed jobs are looked up by a scan of the source's list each and put in place; more, through a
 * map of every job (tens of ms at 58,500 jobs, which a live job, one at a time, would pay each time). */
const SCANNED_CHANGES = 32;

/** Puts changed jobs' customers in the source, in new lists (the remembered source may hold the ones it had); the
 * moves it made, if any. A job new to the list goes at its end, one gone leaves it, one that changed customer keeps
 * its place: the order a build takes them in either way. */
export function applyJobChanges(source: StoredCustomerSource, jobs: readonly Job[]): JobMoves | null {
  return jobs.length <= SCANNED_CHANGES ? inPlace(source, jobs) : throughMap(source, jobs);
}

/** `job` came (`from` undefined), went (`to` undefined) or changed customer. */
function noteMove(moves: JobMoves, job: string, from: string | undefined, to: string | undefined): void {
  moves.jobs.add(job);
  for (const customer of [from, to]) if (customer !== undefined) moves.customers.add(customer);
}

function inPlace(source: StoredCustomerSource, jobs: readonly Job[]): JobMoves | null {
  const moves: JobMoves = { jobs: new Set(), customers: new Set() };
  let list: string[] | null = null;
  let customers: string[] | null = null;
  for (const job of jobs) {
    const at = (list ?? source.jobs).indexOf(job.uuid);
    const before = at < 0 ? undefined : ((customers ?? source.customers)[at] ?? '');
    const customer = job.company_uuid ?? '';
    if (job.active ? before === customer : at < 0) continue;
    // Copied at the first move: an edit that leaves its customer as it was (most of them) copies nothing.
    list ??= source.jobs.slice();
    customers ??= source.customers.slice();
    if (!job.active) {
      list.splice(at, 1);
      customers.splice(at, 1);
      noteMove(moves, job.uuid, before, undefined);
    } else {
      if (at >= 0) customers[at] = customer;
      else {
        list.push(job.uuid);
        customers.push(customer);
      }
      noteMove(moves, job.uuid, before, customer);
    }
  }
  if (list === null || customers === null) return null;
  source.jobs = list;
  source.customers = customers;
  return moves;
}

function throughMap(source: StoredCustomerSource, jobs: readonly Job[]): JobMoves | null {
  const map = new Map<string, string>();
  source.jobs.forEach((job, i) => map.set(job, source.customers[i] ?? ''));
  const moves: JobMoves = { jobs: new Set(), customers: new Set() };
  for (const job of jobs) {
    const customer = job.company_uuid ?? '';
    const before = map.get(job.uuid);
    if (!job.active) {
      if (map.delete(job.uuid)) noteMove(moves, job.uuid, before, undefined);
    } else if (before !== customer) {
      map.set(job.uuid, customer);
      noteMove(moves, job.uuid, before, customer);
    }
  }
  if (moves.jobs.size === 0) return null;
  source.jobs = [...map.keys()];
  source.customers = [...map.values()];
  return moves;
}
