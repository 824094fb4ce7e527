// Jobs and companies as the search index sees them (lib/search's SearchDoc): the customer's name
// comes from the cached company, so results and ranking can use it offline.
import type { Company, Job } from '../../api/schemas';
import type { SearchDoc } from '../../search';
import { UuidPlaces, uuidHash } from './uuid-places';

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

/** The customer's name of a job by its company_uuid ('' for none or an unknown company), as companyNames' Map
 * answers. For a full sync's 100,000 jobs: each job's company_uuid is a string of its own, which a Map hashes in V8's
 * own function the first time it meets it; here the uuid's hashText finds it (uuid-places.ts). */
export function customerNames(companies: Iterable<Company>): (companyUuid: string | null) => string {
  const places = new UuidPlaces();
  const names: string[] = [];
  for (const company of companies) {
    const hash = uuidHash(company.uuid);
    const at = places.get(company.uuid, hash);
    if (at === undefined) {
      places.set(company.uuid, hash, names.length);
      names.push(company.name);
    } else names[at] = company.name; // a uuid listed twice: the later name, as Map.set keeps
  }
  return (companyUuid) => {
    if (companyUuid === null) return '';
    const at = places.get(companyUuid, uuidHash(companyUuid));
    return at === undefined ? '' : names[at]!;
  };
}

/** Documents of the live jobs among `jobs` (tombstones are left out of search). */
export function searchDocs(jobs: Iterable<Job>, names: ReadonlyMap<string, string>): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const job of jobs) {
    if (job.active) docs.push(toSearchDoc(job, job.company_uuid === null ? '' : (names.get(job.company_uuid) ?? '')));
  }
  return docs;
}
