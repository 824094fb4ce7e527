// Finding the customer behind an e-mail: by the sender's (or any) e-mail address in it, else by a phone number in
// the text, in the customer index the sync keeps (lib/search/customers), and that customer's open jobs.
import { toUuid } from '../../contracts/uuid';
import type { Job } from '../api/schemas';
import { descriptionLine } from '../search/build/description-line';
import { FIELD, jobsOf, peopleOf, searchCustomers } from '../search/customers/query';
import { CUSTOMER, type SerializedCustomerIndex } from '../search/customers/types';
import type { CustomerMatch, OpenJob } from '../messaging/new-job-views';

export interface FoundCustomer extends CustomerMatch {
  entry: number;
}

/** The customers whose people have one of `emails`, else one of `phoneKeys` (lib/locale/phone-key.ts keys). */
export function findCustomers(
  index: SerializedCustomerIndex,
  emails: readonly string[],
  phoneKeys: readonly string[],
  limit = 3,
): FoundCustomer[] {
  const found = new Map<number, FoundCustomer>();
  const add = (entry: number, by: CustomerMatch['by']) => {
    if (found.has(entry)) return;
    found.set(entry, {
      entry,
      uuid: index.kinds[entry] === CUSTOMER ? toUuid(index.ids[entry]!) : null,
      name: index.names[entry]!,
      note: index.notes[entry] ?? '',
      by,
    });
  };
  for (const email of emails) {
    for (const hit of searchCustomers(index, { text: email }, 20)) {
      if (peopleOf(index, hit.entry).some((p) => p.email.trim().toLowerCase() === email)) add(hit.entry, 'email');
    }
  }
  if (found.size === 0) {
    for (const key of phoneKeys) {
      for (const hit of searchCustomers(index, { text: key, phoneKey: key }, 20))
        if (hit.field === FIELD.phone) add(hit.entry, 'phone');
    }
  }
  return [...found.values()].slice(0, limit);
}

const OPEN = new Set(['Quote', 'Work Order']);

/** The entry's open jobs (quotes and work orders), newest number first, as the card lists them. */
export async function openJobsOf(
  index: SerializedCustomerIndex,
  entry: number,
  getJob: (uuid: string) => Promise<Job | undefined>,
  limit = 5,
): Promise<OpenJob[]> {
  const jobs = await Promise.all(jobsOf(index, entry).map(getJob));
  return jobs
    .filter((job): job is Job => job !== undefined && job.active && OPEN.has(job.status))
    .sort((a, b) => Number(b.generated_job_id) - Number(a.generated_job_id))
    .slice(0, limit)
    .map((job) => ({
      uuid: job.uuid,
      number: job.generated_job_id,
      status: job.status,
      line: descriptionLine(job.job_description),
    }));
}
