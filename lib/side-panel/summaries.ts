// Platform records → the view models pages show (lib/messaging/views.ts). Text stays text here;
// the pages render it as text and only link through lib/api/links.ts.
import type { Company, CompanyContact, Job } from '../api/schemas';
import type { DayEntry, JobSummary } from '../messaging/views';

export function jobSummary(job: Job, company: Company | undefined, badgeNames: Map<string, string> | null, pending: number): JobSummary {
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

export function contactName(c: Pick<CompanyContact, 'first' | 'last' | 'email'>): string {
  return `${c.first} ${c.last}`.trim() || c.email;
}

/** The contact to call for a visit: the primary contact with a number, else any with one. */
export function pickContact(contacts: readonly CompanyContact[]): DayEntry['contact'] {
  const live = contacts.filter((c) => c.active);
  const withPhone = live.filter((c) => c.mobile || c.phone);
  const pick = withPhone.find((c) => c.is_primary_contact) ?? withPhone[0] ?? live[0];
  return pick ? { name: contactName(pick), phone: pick.mobile || pick.phone || null } : null;
}
