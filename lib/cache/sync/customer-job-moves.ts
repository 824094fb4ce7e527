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

/** Up to this many changed jobs are first looked up by a scan of the source's list each: a live job's edit that
 * leaves its customer as it was (most of them) then changes nothing without a map of every job (tens of ms at 58,500
 * jobs). */
const SCANNED_CHANGES = 32;

/** Whether `job` comes, goes or changes customer in `source`. */
function movesCustomer(source: StoredCustomerSource, job: Job): boolean {
  const at = source.jobs.indexOf(job.uuid);
  if (!job.active) return at >= 0;
  return at < 0 || (source.customers[at] ?? '') !== (job.company_uuid ?? '');
}

/** Puts changed jobs' customers in the source; the moves it made, if any. */
export function applyJobChanges(source: StoredCustomerSource, jobs: readonly Job[]): JobMoves | null {
  if (jobs.length <= SCANNED_CHANGES && !jobs.some((job) => movesCustomer(source, job))) return null;
  const map = new Map<string, string>();
  source.jobs.forEach((job, i) => map.set(job, source.customers[i] ?? ''));
  const moves: JobMoves = { jobs: new Set(), customers: new Set() };
  const moved = (job: string, from: string | undefined, to: string | undefined) => {
    moves.jobs.add(job);
    for (const customer of [from, to]) if (customer !== undefined) moves.customers.add(customer);
  };
  for (const job of jobs) {
    const customer = job.company_uuid ?? '';
    const before = map.get(job.uuid);
    if (!job.active) {
      if (map.delete(job.uuid)) moved(job.uuid, before, undefined);
    } else if (before !== customer) {
      map.set(job.uuid, customer);
      moved(job.uuid, before, customer);
    }
  }
  if (moves.jobs.size === 0) return null;
  source.jobs = [...map.keys()];
  source.customers = [...map.values()];
  return moves;
}
