// The fake client's customers: companies and their contacts, kept with what the outbox made them with. Like the
// rest of the fake, a create naming an existing uuid is refused.
import { ApiError } from '../../api/errors';
import type { OutboxClient } from '../apply';

/** A create naming a uuid the fake already holds: the least forgiving of the plausible platforms. */
export const repeated = (type: string, uuid: string) =>
  new ApiError('ValidationError', `POST /api_1.0/${type}.json: 400 A ${type} record with uuid ${uuid} already exists`, {
    status: 400,
  });
export const missing = (type: string, uuid: string) =>
  new ApiError('NotFoundError', `GET /api_1.0/${type}/${uuid}.json: 404 No ${type} record`, { status: 404 });

type CustomerOp =
  'companies.get' | 'companies.create' | 'companies.remove' | 'contacts.get' | 'contacts.create' | 'contacts.remove';
/** Counts a call (and throws the failure a test planted for it): the fake's own `enter`. */
type Enter = (call: { op: CustomerOp }) => Promise<void>;

export function createFakeCustomers(enter: Enter) {
  const companies = new Map<string, { name: string }>();
  /** Customers' contacts the outbox made, with what they were made with. */
  const contacts = new Map<
    string,
    { companyUuid: string; first: string; last: string; phone: string; mobile: string; email: string }
  >();

  const api: Pick<OutboxClient, 'companies' | 'companyContacts'> = {
    companies: {
      async get(uuid) {
        await enter({ op: 'companies.get' });
        if (!companies.has(uuid)) throw missing('company', uuid);
        return { uuid };
      },
      async create(input) {
        await enter({ op: 'companies.create' });
        if (companies.has(input.uuid)) throw repeated('company', input.uuid);
        companies.set(input.uuid, { name: input.name });
        return { uuid: input.uuid };
      },
      async remove(uuid) {
        await enter({ op: 'companies.remove' });
        if (!companies.delete(uuid)) throw missing('company', uuid);
      },
    },
    companyContacts: {
      async get(uuid) {
        await enter({ op: 'contacts.get' });
        if (!contacts.has(uuid)) throw missing('companycontact', uuid);
        return { uuid };
      },
      async create({ uuid, ...input }) {
        await enter({ op: 'contacts.create' });
        if (contacts.has(uuid)) throw repeated('companycontact', uuid);
        contacts.set(uuid, input);
        return { uuid };
      },
      async remove(uuid) {
        await enter({ op: 'contacts.remove' });
        if (!contacts.delete(uuid)) throw missing('companycontact', uuid);
      },
    },
  };
  return { api, companies, contacts };
}
