// A live job's update between two builds of the customer index: jobs that came, went or changed customer. A
// customer's words are its name and its people's, never its jobs, so only the job lists of the customers those jobs
// left or joined change: the index built before is kept with those lists made again, where a build sorts every
// entry's words anew (about a second of the background's time at 58,500 jobs and 27,000 contacts, for each new job
// of the day). A site contact's entry depends on its job's customer, so jobs with a contact of their own are left to
// a build (jobsMovable).
import { CUSTOMER, type SerializedCustomerIndex, type SourceContact } from './types';

/** The jobs with a site contact of their own, per list of contacts: a list is read or made whole and never changed
 * after (customer-sync.ts makes a new one at each read of contacts), and a live job, one at a time, would otherwise
 * walk every contact of the account each time. */
const jobsWithContact = new WeakMap<readonly SourceContact[], ReadonlySet<string>>();

/** Whether moving `jobs` to other customers changes no site contact: none of them has a job contact. */
export function jobsMovable(jobs: ReadonlySet<string>, contacts: readonly SourceContact[]): boolean {
  let owners = jobsWithContact.get(contacts);
  if (owners === undefined) {
    owners = new Set(contacts.flatMap((contact) => (contact.kind === 'job' ? [contact.owner] : [])));
    jobsWithContact.set(contacts, owners);
  }
  for (const job of jobs) if (owners.has(job)) return false;
  return true;
}

/** What moving jobs reads and makes of an index: which entry is which, and each entry's jobs. */
export type CustomerIndexJobs = Pick<SerializedCustomerIndex, 'count' | 'ids' | 'kinds' | 'jobs'>;

/**
 * `index` with the job lists of the entries of `customers` made again from each live job's customer (`jobs[i]`'s
 * is `customers[i]`, in the order a build takes them), as buildCustomerIndex would make them. Customers with no
 * entry (inactive, or not cached) have no list to make. A new index: `index` itself is left as it was.
 */
export function withJobsMoved<Index extends CustomerIndexJobs>(
  index: Index,
  jobs: readonly string[],
  customers: readonly string[],
  moved: ReadonlySet<string>,
): Index {
  const lists = new Map<string, string[]>();
  for (let e = 0; e < index.count; e++) {
    const id = index.ids[e]!;
    if (index.kinds[e] === CUSTOMER && moved.has(id)) lists.set(id, []);
  }
  if (lists.size === 0) return index;
  jobs.forEach((job, i) => lists.get(customers[i] ?? '')?.push(job));
  const entryJobs = index.jobs.slice();
  for (let e = 0; e < index.count; e++) {
    const list = index.kinds[e] === CUSTOMER ? lists.get(index.ids[e]!) : undefined;
    if (list) entryJobs[e] = list.join(' ');
  }
  return { ...index, jobs: entryJobs };
}
