// The customers: companies and their contacts, read page by page for the customer index and made by the new-job
// form (a new customer, and the caller or sender as their contact).
import { eq } from './filter';
import { isContactOfCompany, keepMatching } from './filter-checks';
import type { HttpClient } from './http';
import { answeredUuid, API, type CallOptions, type PageOptions, type RecordAccess } from './record-access';
import { companyContactRecord, companyRecord } from './schemas';
import type { Uuid } from '../../contracts/uuid';

/** A new customer: a company by its name; its uuid is client-chosen, read back before a retried create. */
export interface NewCompany {
  uuid: Uuid;
  name: string;
}

/** A new customer's contact: the person to reach them (the caller, the e-mail's sender). */
export interface NewCompanyContact {
  uuid: Uuid;
  companyUuid: Uuid;
  first: string;
  last: string;
  phone: string;
  mobile: string;
  email: string;
}

type Access = Pick<RecordAccess, 'all' | 'getOne' | 'pages' | 'remove'>;

export function createCompaniesApi(http: HttpClient, { getOne, pages, remove }: Access) {
  return {
    pages: (opts?: PageOptions) => pages('company', companyRecord, opts),
    get: (uuid: string, opts?: CallOptions) => getOne('company', companyRecord, uuid, opts),
    /** Creates a customer by name (scope `manage_customers`); the uuid the platform answered, as for a job. */
    async create(input: NewCompany, opts: CallOptions = {}): Promise<{ uuid: Uuid }> {
      const answer = await http.send({
        method: 'POST',
        path: `${API}/company.json`,
        json: { uuid: input.uuid, name: input.name },
        createsRecord: true,
        ...opts,
      });
      return { uuid: answeredUuid(answer, input.uuid) };
    },
    /** Deletes a customer (scope `manage_customers`): `active` set to 0. */
    remove: (uuid: string, opts?: CallOptions) => remove('company', uuid, opts),
  };
}

export function createCompanyContactsApi(http: HttpClient, { all, getOne, pages, remove }: Access) {
  return {
    /** Every company contact (the customer index), page by page. */
    pages: (opts?: PageOptions) => pages('companycontact', companyContactRecord, opts),
    get: (uuid: string, opts?: CallOptions) => getOne('companycontact', companyContactRecord, uuid, opts),
    /** Creates a customer's contact (scope `manage_customer_contacts`), their primary one: the uuid answered. */
    async create(input: NewCompanyContact, opts: CallOptions = {}): Promise<{ uuid: Uuid }> {
      const answer = await http.send({
        method: 'POST',
        path: `${API}/companycontact.json`,
        json: {
          uuid: input.uuid,
          company_uuid: input.companyUuid,
          first: input.first,
          last: input.last,
          phone: input.phone,
          mobile: input.mobile,
          email: input.email,
          type: 'JOB',
          is_primary_contact: '1',
        },
        createsRecord: true,
        ...opts,
      });
      return { uuid: answeredUuid(answer, input.uuid) };
    },
    /** Deletes a customer's contact (scope `manage_customer_contacts`): `active` set to 0. */
    remove: (uuid: string, opts?: CallOptions) => remove('companycontact', uuid, opts),
    /** The client's contacts: one company's; a filtered read answers only what it asked for, checked again here. */
    ofCompany: async (companyUuid: string, opts: CallOptions = {}) =>
      keepMatching(
        await all('companycontact', companyContactRecord, { ...opts, filter: [eq('company_uuid', companyUuid)] }),
        isContactOfCompany(companyUuid),
      ),
  };
}
