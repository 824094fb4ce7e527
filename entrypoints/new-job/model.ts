import { computed, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { sendMessage } from '@/lib/messaging/send';
import type { CustomerMatch, NewJobDraftView, NewJobInput, NewJobProgress } from '@/lib/messaging/new-job-views';
import type { Problem } from '@/components/design/problem-words';

// The new-job form's state: the draft the background kept for this window (its id in the address's hash), the
// customers offered (the draft's, and those "Find a customer" finds), what the person chose and the addresses their
// customer is likely at, asking the platform's permission where it is first needed, the save, and then the job
// followed until the platform has it and its number can be said (to a caller still on the line).

const asProblem = (error: unknown): Problem =>
  error instanceof Error ? { name: error.name, message: error.message } : String(error);

export type Choice = { kind: 'existing'; uuid: string; name: string } | { kind: 'new' } | { kind: 'none' };

/** How often the saved job is asked after, and how long a job on the platform is waited on for its number (a person
 * who may not see the jobs they make never has it). */
const FOLLOW_MS = 1_000;
const NUMBER_WAIT_MS = 15_000;

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
  /** The saved job, and how it stands. */
  const jobUuid = signal<string | null>(null);
  const progress = signal<NewJobProgress | null>(null);
  let following: ReturnType<typeof setTimeout> | undefined;
  let madeAt: number | null = null;
  /** On the platform, and not read back though waited for: the platform does not show this person the job. */
  const numberUnseen = signal(false);
  /** The browser window the person was in when the form opened: the job opens in its side panel (the form's own
   * small window has none). Read as the form opens, so a press opens the panel with nothing awaited before. */
  let personWindow: number | undefined;

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

  /** Asks how the saved job stands until the platform has it and its number is known (or long enough waited). */
  async function follow(uuid: string): Promise<void> {
    clearTimeout(following);
    let next: NewJobProgress | null = null;
    try {
      next = await sendMessage('newJob.progress', { jobUuid: uuid });
      progress.value = next;
    } catch {
      // The worker restarting, say: asked again at the next beat; the job is in the outbox whatever this says.
    }
    if (next?.state === 'failed') return;
    if (next?.state === 'made') {
      madeAt ??= Date.now();
      if (next.number !== null) return;
      if (Date.now() - madeAt > NUMBER_WAIT_MS) {
        numberUnseen.value = true;
        return;
      }
    }
    following = setTimeout(() => void follow(uuid), FOLLOW_MS);
  }

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
    jobUuid,
    progress,
    numberUnseen,
    async load(): Promise<void> {
      void browser.windows
        .getLastFocused({ windowTypes: ['normal'] })
        .then((w) => (personWindow = w.id))
        .catch(() => undefined);
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
    /** Asks the platform to let Fieldside create jobs (and customers, for a new one): its consent page. */
    async allow(feature: 'newJobs' | 'newCustomers'): Promise<void> {
      state.value = 'asking';
      problem.value = null;
      try {
        await sendMessage('session.requestFeature', { feature });
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
        const saved = await sendMessage('newJob.create', {
          customer,
          address: address.value,
          description: description.value,
        });
        jobUuid.value = saved.jobUuid;
        state.value = 'saved';
        void follow(saved.jobUuid);
      } catch (error) {
        problem.value = asProblem(error);
        state.value = 'ready';
      }
    },
    /** "Try again" on a job the platform refused: back in the outbox's queue, followed again. */
    async retry(): Promise<void> {
      const now = progress.value;
      if (now?.state !== 'failed' || jobUuid.value === null) return;
      try {
        await sendMessage('outbox.retry', { seq: now.seq });
        progress.value = { state: 'waiting', lastTry: null };
        void follow(jobUuid.value);
      } catch (error) {
        problem.value = asProblem(error);
      }
    },
    /** "Change the job" on a job the platform refused: the refused write is dropped and the form, still filled in, is
     * back to be corrected and created again. */
    async change(): Promise<void> {
      const now = progress.value;
      if (now?.state !== 'failed') return;
      try {
        await sendMessage('outbox.discard', { seq: now.seq });
      } catch (error) {
        problem.value = asProblem(error);
        return;
      }
      clearTimeout(following);
      progress.value = null;
      jobUuid.value = null;
      state.value = 'ready';
    },
    /** Opens the saved job in the side panel or the platform's web app, then closes the form: its work is done. */
    async open(target: 'sidepanel' | 'web'): Promise<void> {
      if (jobUuid.value === null) return;
      try {
        const where = personWindow === undefined ? {} : { windowId: personWindow };
        await sendMessage('job.open', { uuid: jobUuid.value, target, ...where });
        window.close();
      } catch (error) {
        problem.value = asProblem(error);
      }
    },
  };
}

export type NewJobModel = ReturnType<typeof createNewJobModel>;
