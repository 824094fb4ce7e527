// A platform of three customers, thirty jobs and one customer's contact (Priya Quennell1 of customer 1, mobile
// 0427 352 568), for the unit tests of the customers built after a full sync; its contacts' read can be held.
import type { PageOptions } from '../../api/client';
import { paginate } from '../../api/paginate';
import type { Company, CompanyContact, Job } from '../../api/schemas';
import type { SyncSource } from '../sync/sync-context';
import { makeCompany, makeJob, makeVendor, range } from './fixtures';

/** One page of `records`; `gate`, when given, holds the page until it resolves. */
function onePage<R>(records: R[], gate?: () => Promise<void>) {
  return (opts: PageOptions = {}) =>
    paginate<R>({
      label: 'memory',
      ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      parse: (raw) => ({ ok: true, value: raw as R }),
      fetchPage: async () => {
        await gate?.();
        return { body: records, nextCursor: null };
      },
    });
}

const vendor = makeVendor();

function contactOf(n: number, company: Company, mobile: string): CompanyContact {
  return {
    uuid: `22222222-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    active: true,
    edit_date: '2026-01-01 09:00:00',
    company_uuid: company.uuid,
    first: 'Priya',
    last: `Quennell${n}`,
    phone: '',
    mobile,
    email: '',
    type: '',
    is_primary_contact: true,
  } as CompanyContact;
}

export function customerPlatform(contactsGate?: () => Promise<void>) {
  const companies = range(0, 3).map((n) => makeCompany(n));
  const jobs: Job[] = range(0, 30).map((n) => makeJob(n, { job_description: `Gutter ${n}` }));
  const contacts = [contactOf(1, companies[1]!, '0427 352 568')];
  const source: SyncSource = {
    jobs: { pages: onePage(jobs) },
    companies: { pages: onePage(companies) },
    vendor: { get: async () => vendor },
    companyContacts: { pages: onePage(contacts, contactsGate) },
  };
  return { source, companies };
}
