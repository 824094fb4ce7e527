// Jobs and companies as the search index sees them (lib/search's SearchDoc): the customer's name
// comes from the cached company, so results and ranking can use it offline.
import type { Company, Job } from '../../api/schemas';
import type { SearchDoc } from '../../search';

export function toSearchDoc(job: Job, customer: string): SearchDoc {
  return {
    uuid: job.uuid,
    number: job.generated_job_id,
    status: job.status,
    customer,
    address: job.job_address,
    description: job.job_description,
    date: job.date ?? undefined,
  };
}

export function companyNames(companies: Iterable<Company>): Map<string, string> {
  const names = new Map<string, string>();
  for (const company of companies) names.set(company.uuid, company.name);
  return names;
}

/** Documents of the live jobs among `jobs` (tombstones are left out of search). */
export function searchDocs(jobs: Iterable<Job>, names: ReadonlyMap<string, string>): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const job of jobs) {
    if (job.active) docs.push(toSearchDoc(job, job.company_uuid === null ? '' : (names.get(job.company_uuid) ?? '')));
  }
  return docs;
}
