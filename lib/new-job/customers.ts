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

/** The customer (not a site contact: a job is made for a company) whose company uuid is `uuid`, found `by`. */
export function customerByUuid(
  index: SerializedCustomerIndex,
  uuid: string,
  by: CustomerMatch['by'],
): FoundCustomer | null {
  const wanted = uuid.toLowerCase();
  const entry = index.ids.findIndex((id, e) => index.kinds[e] === CUSTOMER && id.toLowerCase() === wanted);
  return entry < 0 ? null : { entry, uuid: toUuid(index.ids[entry]!), name: index.names[entry]!, note: '', by };
}

/** The form's "Find a customer": customers (site contacts have no company to make a job for) whose name, people or
 * e-mail start with the words typed, or whose number is `phoneKey` (a number typed: lib/locale/phone-key.ts). */
export function customersFound(
  index: SerializedCustomerIndex,
  query: string,
  phoneKey: string | null,
  limit = 6,
): FoundCustomer[] {
  const hits = phoneKey
    ? searchCustomers(index, { text: phoneKey, phoneKey }, 20).filter((hit) => hit.field === FIELD.phone)
    : searchCustomers(index, { text: query }, 20);
  return hits
    .filter((hit) => index.kinds[hit.entry] === CUSTOMER)
    .slice(0, limit)
    .map((hit) => {
      const people = peopleOf(index, hit.entry);
      const person = people[hit.person - 1] ?? people[0];
      return {
        entry: hit.entry,
        uuid: toUuid(index.ids[hit.entry]!),
        name: index.names[hit.entry]!,
        note: '',
        who: person ? [person.name, person.phone].filter(Boolean).join(' · ') : '',
        by: 'search',
      };
    });
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
