// The addresses a new job for a known customer is likely at: the customer's own address, then the sites of their
// jobs, newest job first (a property manager's jobs are at their tenants' doors). Pure: the background reads the
// company and the jobs from the cache, the unit tests hold the order and the duplicates.
import type { Company, Job } from '../api/schemas';

/** At most this many are offered: beyond them, the person types the address. */
const OFFERED = 5;

/** An address on one line, as the form's field takes it: the platform keeps lines ("173 Beach Ave\nSydney NSW
 * 2224"), an input field has one. */
export const oneLine = (address: string): string =>
  address
    .split(/\s*\n\s*/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join(', ');

/** Two writings of one place ("173 Beach Ave, Sydney" and "173 beach ave sydney") are one address. */
const sameness = (address: string): string =>
  address
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export function customerAddresses(
  company: Pick<Company, 'address'> | undefined,
  jobs: readonly Pick<Job, 'job_address' | 'generated_job_id' | 'active'>[],
): string[] {
  const newestFirst = jobs
    .filter((job) => job.active)
    .sort((a, b) => Number(b.generated_job_id) - Number(a.generated_job_id));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of [company?.address ?? '', ...newestFirst.map((job) => job.job_address)]) {
    const address = oneLine(raw);
    const key = sameness(address);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(address);
    if (out.length === OFFERED) break;
  }
  return out;
}
