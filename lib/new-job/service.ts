// The background's side of a new job: drafts kept while their form opens (from the popup, selected text or an
// e-mail), the customers found for a draft or an e-mail's sender (the customer index the sync keeps), and the
// confirmed job saved to the outbox, which creates it exactly once (lib/outbox/send-jobs.ts).
import { randomBase64Url } from '../../contracts/installation-binding';
import type { Uuid } from '../../contracts/uuid';
import { canUse } from '../auth/scopes';
import { readCustomerIndex } from '../cache/store/customer-store';
import { looksLikePhone } from '../locale/phone-like';
import { jobsOf } from '../search/customers/query';
import type { SerializedCustomerIndex } from '../search/customers/types';
import {
  NewJobInputSchema,
  type CustomerMatch,
  type NewJobDraftView,
  type NewJobInput,
  type NewJobOutput,
  type NewJobProgress,
  type SenderCard,
} from '../messaging/new-job-views';
import type { EntryOf } from '../outbox/types';
import type { Workspace } from '../workspace/workspace';
import { customerAddresses } from './addresses';
import { onlyWhoAsks, readDraft, type Draft, type DraftSource } from './draft';
import { createDraftStore } from './draft-store';
import { customerByUuid, customersFound, findCustomers, openJobsOf } from './customers';
import { newJobProgress } from './progress';

export class DraftGoneError extends Error {
  override readonly name = 'DraftGoneError';
  constructor() {
    super('This new job’s text is no longer here. Start again from the e-mail, the selected text or the popup.');
  }
}

export interface NewJobServiceDeps {
  workspace: Pick<Workspace, 'key' | 'cache' | 'outbox'>;
  /** Opens the form for draft `id` in a window of its own. */
  openForm(id: string): Promise<void>;
  /** The outbox runner: send what is due now. */
  resume(): void;
  /** A stored or written phone number's key for the account's country (lib/locale/phone-key.ts). */
  phoneKey(raw: string, region: string | null): string | null;
  /** The key prefix of a number being typed (lib/locale/phone-key.ts). */
  typedPhoneKey(typed: string, region: string | null): string | null;
  /** A number as the account writes it, and whether it is a mobile (lib/locale/phones.ts); null for a blank one. */
  phoneShown(raw: string, region: string | null): { text: string; mobile: boolean } | null;
  /** The customer index was searched for a person (the card beside an e-mail): its contacts are wanted. */
  customersSearched?(): void;
  now?: () => number;
}

const newId = (): string => randomBase64Url(16);

type NewCustomerContact = Extract<NewJobOutput['customer'], { kind: 'new' }>['contact'];

export function createNewJobService(deps: NewJobServiceDeps) {
  const drafts = createDraftStore(deps.now ?? Date.now);

  async function customerIndex(): Promise<SerializedCustomerIndex | null> {
    const cache = await deps.workspace.cache();
    // Another format, or none yet: rebuilt at the next sync; meanwhile no customer is found.
    return (await readCustomerIndex(cache.db).catch(() => undefined)) ?? null;
  }

  async function customersFor(emails: readonly string[], phones: readonly string[]) {
    const index = await customerIndex();
    if (!index) return { index, found: [] };
    const keys = phones.flatMap((p) => deps.phoneKey(p, index.region) ?? []);
    return { index, found: findCustomers(index, emails, keys) };
  }

  /** The draft's customers: the one chosen where it was started first, then those its text names. */
  async function draftCustomers(draft: Draft): Promise<CustomerMatch[]> {
    const { index, found } = await customersFor(draft.emails, draft.phones);
    const chosen = index && draft.customerUuid ? customerByUuid(index, draft.customerUuid, 'chosen') : null;
    const all = chosen ? [chosen, ...found.filter((c) => c.uuid !== chosen.uuid)] : found;
    return all.map(({ entry: _entry, ...match }) => match);
  }

  /** The new customer's contact as the platform keeps one: a name in two parts (the customer's, when none is given),
   * the number in the mobile or the phone field by what it is, as the account writes numbers. None when neither a
   * number nor an e-mail address was given. */
  async function contactOf(customerName: string, given: NewCustomerContact | undefined) {
    if (!given || (given.phone === '' && given.email === '')) return {};
    const region = (await customerIndex())?.region ?? null;
    const words = (given.name || customerName).split(/\s+/).filter(Boolean);
    const number = given.phone ? deps.phoneShown(given.phone, region) : null;
    return {
      contact: {
        uuid: crypto.randomUUID(),
        first: words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? ''),
        last: words.length > 1 ? words.at(-1)! : '',
        mobile: number?.mobile ? number.text : '',
        phone: number && !number.mobile ? number.text : '',
        email: given.email,
      },
    };
  }

  return {
    /** Keeps the draft read from `source` and opens its form. */
    async open(source: DraftSource): Promise<void> {
      const id = newId();
      await drafts.keep(id, readDraft(source));
      await deps.openForm(id);
    },

    /** The form's draft, with the customers found for it and what the sign-in allows. */
    async draft(id: string): Promise<NewJobDraftView> {
      const draft = await drafts.get(id);
      if (!draft) throw new DraftGoneError();
      const key = await deps.workspace.key();
      const all = key?.mode === 'api_key';
      const customers = key ? await draftCustomers(draft) : [];
      return {
        from: draft.from,
        // Only the caller's number or address: it found their customer, or fills a new one's contact; it is not what
        // the job is.
        description: onlyWhoAsks(draft) ? '' : draft.description,
        addresses: draft.addresses,
        name: draft.name,
        emails: draft.emails,
        phones: draft.phones,
        customers,
        canCreateJobs: !!key && (all || canUse('newJobs', key.scopes)),
        canCreateCustomers: !!key && (all || canUse('newCustomers', key.scopes)),
      };
    },

    /** The form's "Find a customer": the customers the words (or the number) typed find, best first. */
    async findCustomers(query: string): Promise<CustomerMatch[]> {
      if ((await deps.workspace.key()) === null) return [];
      const index = await customerIndex();
      if (!index) return [];
      const phoneKey = looksLikePhone(query) ? deps.typedPhoneKey(query, index.region) : null;
      return customersFound(index, query, phoneKey).map(({ entry: _entry, ...match }) => match);
    },

    /** The addresses a job for the customer is likely at: theirs, then their jobs' sites (addresses.ts). */
    async addresses(customerUuid: string): Promise<string[]> {
      if ((await deps.workspace.key()) === null) return [];
      const cache = await deps.workspace.cache();
      const index = await customerIndex();
      const found = index ? customerByUuid(index, customerUuid, 'chosen') : null;
      const [company, jobs] = await Promise.all([
        cache.getCompany(customerUuid),
        found && index ? cache.getJobs(jobsOf(index, found.entry)) : [],
      ]);
      return customerAddresses(company, jobs);
    },

    /** How the job a form saved stands: its create in the outbox, or the job the cache read back. */
    async progress(jobUuid: Uuid): Promise<NewJobProgress> {
      const outbox = await deps.workspace.outbox();
      const entry = (await outbox.pending(jobUuid)).find((e): e is EntryOf<'job-create'> => e.kind === 'job-create');
      const job = entry ? undefined : await (await deps.workspace.cache()).getJob(jobUuid);
      return newJobProgress(entry, job);
    },

    /** The sender's customer and their open jobs, for the card beside an e-mail. */
    async senderCard(emails: readonly string[], phones: readonly string[]): Promise<SenderCard> {
      if ((await deps.workspace.key()) === null) return { signedIn: false, customer: null, jobs: [] };
      deps.customersSearched?.();
      const { index, found } = await customersFor(emails, phones);
      const first = found[0];
      if (!index || !first) return { signedIn: true, customer: null, jobs: [] };
      const cache = await deps.workspace.cache();
      const { entry: _entry, ...customer } = first;
      return { signedIn: true, customer, jobs: await openJobsOf(index, first.entry, (uuid) => cache.getJob(uuid)) };
    },

    /** Saves the confirmed job to the outbox (a new customer with it); the outbox creates both exactly once. */
    async create(input: NewJobInput): Promise<{ jobUuid: string }> {
      const { description, address, customer } = NewJobInputSchema.parse(input);
      const jobUuid = crypto.randomUUID();
      const company =
        customer.kind === 'existing'
          ? { uuid: customer.uuid, name: customer.name || 'Customer', isNew: false }
          : customer.kind === 'new'
            ? {
                uuid: crypto.randomUUID(),
                name: customer.name,
                isNew: true,
                ...(await contactOf(customer.name, customer.contact)),
              }
            : null;
      const outbox = await deps.workspace.outbox();
      await outbox.enqueue({
        kind: 'job-create',
        jobUuid,
        clientUuid: jobUuid,
        payload: { description, address, company },
      });
      deps.resume();
      return { jobUuid };
    },
  };
}

export type NewJobService = ReturnType<typeof createNewJobService>;
