// Synthetic customers for the search benchmark: the synthetic jobs' customers as companies, their
// contacts and their jobs' on-site contacts (Australian numbers, written as offices store them),
// and queries as the office types them: a caller's number in another format than stored, a name,
// an e-mail. Deterministic for a seed.
import type { SearchDoc } from '../format/types';
import type { CustomerSource, SourceCompany, SourceContact } from '../customers/types';
import { createRandom, FIRST, LAST, pick } from './synthetic-docs';

export interface SyntheticCustomers {
  source: CustomerSource;
  contacts: SourceContact[];
  /** Each contact's company (company contacts) or its job's company (job contacts). */
  companyOf: Map<string, string>;
}

export interface CustomerBenchQuery {
  kind: 'phone' | 'contact name' | 'e-mail';
  text: string;
  /** The entry the person looks for: its company's uuid, or a site contact's own. */
  intended: string;
}

const digits = (random: () => number, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/** `count` contacts: two in three a customer's own, one in three a job's on-site contact. */
export function syntheticCustomers(docs: readonly SearchDoc[], count: number, seed = 5): SyntheticCustomers {
  const random = createRandom(seed);
  const companies = new Map<string, SourceCompany>();
  const jobCustomers = new Map<string, string>();
  for (const doc of docs) {
    let company = companies.get(doc.customer);
    if (!company) {
      company = {
        uuid: `c${companies.size.toString(16).padStart(7, '0')}-0000-4000-a000-000000000000`,
        name: doc.customer,
        active: true,
      };
      companies.set(doc.customer, company);
    }
    jobCustomers.set(doc.uuid, company.uuid);
  }
  const list = [...companies.values()];
  const contacts: SourceContact[] = [];
  const companyOf = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const first = pick(random, FIRST);
    const last = pick(random, LAST);
    const onJob = i % 3 === 2;
    const doc = docs[Math.floor(random() * docs.length)]!;
    const company = onJob ? jobCustomers.get(doc.uuid)! : list[i % list.length]!.uuid;
    const uuid = `p${i.toString(16).padStart(7, '0')}-0000-4000-a000-000000000000`;
    const mobile = `04${digits(random, 2)} ${digits(random, 3)} ${digits(random, 3)}`;
    contacts.push({
      uuid,
      kind: onJob ? 'job' : 'company',
      owner: onJob ? doc.uuid : company,
      first,
      last,
      phone: random() < 0.5 ? `(0${2 + Math.floor(random() * 7)}) ${digits(random, 4)} ${digits(random, 4)}` : '',
      mobile,
      email: `${first}.${last}${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      active: true,
    });
    companyOf.set(uuid, company);
  }
  return { source: { companies: list, contacts, jobCustomers }, contacts, companyOf };
}

/** `count` queries: half phone numbers typed another way than stored (`+61 4…`, `(04) …`, digits
 * only), a quarter names, a quarter e-mails. */
export function customerQueries(customers: SyntheticCustomers, count: number, seed = 9): CustomerBenchQuery[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const contact = customers.contacts[Math.floor(random() * customers.contacts.length)]!;
    // A job's on-site contact is an entry of their own (a site contact), named by their uuid.
    const intended = contact.kind === 'job' ? contact.uuid : customers.companyOf.get(contact.uuid)!;
    if (i % 4 < 2) {
      const d = contact.mobile.replace(/\D/g, '');
      const text =
        i % 3 === 0
          ? `+61 ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7)}`
          : i % 3 === 1
            ? `(${d.slice(0, 2)}) ${d.slice(2, 6)} ${d.slice(6)}`
            : d;
      return { kind: 'phone', text, intended };
    }
    if (i % 4 === 2) return { kind: 'contact name', text: `${contact.first} ${contact.last}`.toLowerCase(), intended };
    return { kind: 'e-mail', text: contact.email, intended };
  });
}
