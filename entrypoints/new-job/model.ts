import { computed, signal } from '@preact/signals';
import { sendMessage } from '@/lib/messaging/send';
import type { CustomerMatch, NewJobDraftView, NewJobInput } from '@/lib/messaging/new-job-views';
import type { Problem } from '@/components/design/problem-words';
import { createSavedJob } from './saved-job';

// The new-job form's state: the draft the background kept for this window (its id in the address's hash), the
// customers offered (the draft's, and those "Find a customer" finds), what the person chose and the addresses their
// customer is likely at, asking the platform's permission where it is first needed, and the save; the saved job is
// followed by saved-job.ts.

const asProblem = (error: unknown): Problem =>
  error instanceof Error ? { name: error.name, message: error.message } : String(error);

export type Choice = { kind: 'existing'; uuid: string; name: string } | { kind: 'new' } | { kind: 'none' };

export function createNewJobModel(id: string) {
  const draft = signal<NewJobDraftView | null>(null);
  const problem = signal<Problem | null>(null);
  /** The "Allow …" the problem came from, if one did: it is said beside that button, where the person looks. */
  const problemFrom = signal<'newJobs' | 'newCustomers' | null>(null);
  const choice = signal<Choice>({ kind: 'none' });
  const newName = signal('');
  /** A new customer's number and e-mail address (the caller's, the sender's): kept as their contact. */
  const newPhone = signal('');
  const newEmail = signal('');
  const address = signal('');
  const description = signal('');
  const state = signal<'loading' | 'ready' | 'asking' | 'saving' | 'saved'>('loading');
  /** "Find a customer": what is typed, and the customers it found (`answered`: the query they answer). */
  const query = signal('');
  const found = signal<{ answered: string; customers: CustomerMatch[] }>({ answered: '', customers: [] });
  /** A customer picked among those found, kept offered when the search moves on. */
  const picked = signal<CustomerMatch | null>(null);
  /** Every customer to choose from, once each: the draft's, the one picked, then those found. */
  const offered = computed(() => {
    const seen = new Set<string>();
    return [
      ...(draft.value?.customers ?? []),
      ...(picked.value ? [picked.value] : []),
      ...found.value.customers,
    ].filter((c) => c.uuid !== null && !seen.has(c.uuid) && !!seen.add(c.uuid));
  });
  let asked = 0;
  /** The chosen customer's likely addresses, and the one the form filled in itself (replaced when the customer
   * changes; what the person typed never is). */
  const addresses = signal<string[]>([]);
  let filledIn: string | null = null;
  let addressesAsked = 0;

  /** The addresses offered for a choice: the customer's (none for a new customer or none). A help, not the form: none
   * when they cannot be read. */
  const addressesOf = async (c: Choice): Promise<string[]> =>
    c.kind === 'existing' ? sendMessage('newJob.addresses', { customerUuid: c.uuid }).catch(() => []) : [];

  /** Offers `offered`, filling the first in where the field is empty or still holds what the form filled in. */
  function offerAddresses(offered: string[]): void {
    addresses.value = offered;
    if (address.value.trim() === '' || address.value === filledIn) {
      filledIn = offered[0] ?? '';
      address.value = filledIn;
    }
  }

  /** The customer chosen changed: their addresses are offered (an answer for an earlier choice is dropped). */
  async function customerChosen(c: Choice): Promise<void> {
    choice.value = c;
    const mine = ++addressesAsked;
    const offered = await addressesOf(c);
    if (mine === addressesAsked) offerAddresses(offered);
  }

  /** The job once saved (saved-job.ts). */
  const saved = createSavedJob({ problem, asProblem, backToForm: () => (state.value = 'ready') });

  async function read(): Promise<NewJobDraftView> {
    const view = await sendMessage('newJob.draft', { id });
    draft.value = view;
    return view;
  }

  return {
    draft,
    problem,
    problemFrom,
    choice,
    newName,
    newPhone,
    newEmail,
    address,
    description,
    state,
    query,
    found,
    offered,
    addresses,
    jobUuid: saved.jobUuid,
    progress: saved.progress,
    numberUnseen: saved.numberUnseen,
    retry: saved.retry,
    change: saved.change,
    open: saved.open,
    async load(): Promise<void> {
      saved.formOpened();
      try {
        const view = await sendMessage('newJob.draft', { id });
        const first = view.customers.find((c) => c.uuid !== null);
        const chosen: Choice = first
          ? { kind: 'existing', uuid: first.uuid!, name: first.name }
          : // Nobody found for a name, a number or an address: someone new asks (the caller, the sender).
            view.name || view.phones.length > 0 || view.emails.length > 0
            ? { kind: 'new' }
            : { kind: 'none' };
        // The customer's addresses are read before the form shows: nothing is filled in under the person's typing.
        const offered = await addressesOf(chosen);
        choice.value = chosen;
        newName.value = view.customers[0]?.uuid === null ? view.customers[0].name : view.name;
        newPhone.value = view.phones[0] ?? '';
        newEmail.value = view.emails[0] ?? '';
        address.value = view.addresses[0] ?? '';
        description.value = view.description;
        offerAddresses(offered);
        draft.value = view;
        state.value = 'ready';
      } catch (error) {
        problem.value = asProblem(error);
      }
    },
    /** "New customer" or "No customer" chosen. */
    choose(kind: 'new' | 'none'): void {
      void customerChosen({ kind });
    },
    /** "Find a customer" typed into: the customers it finds (an answer to an older query is dropped). */
    async find(text: string): Promise<void> {
      query.value = text;
      const mine = ++asked;
      try {
        const customers = text.trim().length < 2 ? [] : await sendMessage('newJob.customers', { query: text });
        if (mine === asked) found.value = { answered: text, customers };
      } catch (error) {
        if (mine === asked) {
          problem.value = asProblem(error);
          problemFrom.value = null;
        }
      }
    },
    /** One of the offered customers chosen. */
    pick(customer: CustomerMatch): void {
      if (customer.uuid === null) return;
      if (customer.by === 'search') picked.value = customer;
      void customerChosen({ kind: 'existing', uuid: customer.uuid, name: customer.name });
    },
    /** Asks the platform to let Fieldside create jobs, or add customers, or (a new job for a new customer) both on
     * one consent page. */
    async allow(feature: 'newJobs' | 'newCustomers', also: Array<'newCustomers'> = []): Promise<void> {
      state.value = 'asking';
      problem.value = null;
      try {
        await sendMessage('session.requestFeature', { feature, also });
        await read();
        problemFrom.value = null;
      } catch (error) {
        problem.value = asProblem(error);
        problemFrom.value = feature;
      } finally {
        state.value = 'ready';
      }
    },
    async save(): Promise<void> {
      const c = choice.value;
      // The contact's name: the sender's, else (a caller) the customer's own.
      const contact = { name: draft.value?.name ?? '', phone: newPhone.value, email: newEmail.value };
      const customer: NewJobInput['customer'] =
        c.kind === 'existing' ? c : c.kind === 'new' ? { kind: 'new', name: newName.value, contact } : { kind: 'none' };
      state.value = 'saving';
      problem.value = null;
      problemFrom.value = null;
      try {
        const made = await sendMessage('newJob.create', {
          customer,
          address: address.value,
          description: description.value,
        });
        state.value = 'saved';
        saved.saved(made.jobUuid);
      } catch (error) {
        problem.value = asProblem(error);
        state.value = 'ready';
      }
    },
  };
}

export type NewJobModel = ReturnType<typeof createNewJobModel>;
