// Platform records → the view models pages show (lib/messaging/views.ts). Text stays text here;
// the pages render it as text and only link through lib/api/links.ts.
import type { Company, CompanyContact, Job } from '../api/schemas';
import type { JobSummary } from '../messaging/views';
import type { Uuid } from '../../contracts/uuid';

export function jobSummary(
  job: Job,
  company: Company | undefined,
  badgeNames: Map<string, string> | null,
  pending: number,
): JobSummary {
  return {
    uuid: job.uuid,
    number: job.generated_job_id || job.uuid.slice(0, 8),
    status: job.status,
    customer: company?.name ?? '',
    address: job.job_address,
    badges: badgeNames ? job.badges.flatMap((b) => (badgeNames.has(b) ? [badgeNames.get(b)!] : [])) : [],
    pending,
  };
}

/** A job that cannot be read with the permissions granted: still a row, named by its uuid. */
export function bareSummary(uuid: Uuid, pending: number): JobSummary {
  return { uuid, number: uuid.slice(0, 8), status: '', customer: '', address: '', badges: [], pending };
}

export function contactName(c: Pick<CompanyContact, 'first' | 'last' | 'email'>): string {
  return `${c.first} ${c.last}`.trim() || c.email;
}
