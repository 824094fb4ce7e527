import { computed, signal } from '@preact/signals';
import { sendMessage } from '@/lib/messaging/send';
import type { CustomerMatch, NewJobDraftView, NewJobInput } from '@/lib/messaging/new-job-views';
import type { Problem } from '@/components/design/problem-words';

// The new-job form's state: the draft the background kept for this window (its id in the address's hash), the
// customers offered (the draft's, and those "Find a customer" finds), what the person chose, asking the platform's
// permission where it is first needed, and the save.

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
    address,
    description,
    state,
    query,
    found,
    offered,
    async load(): Promise<void> {
      try {
        const view = await read();
        const first = view.customers.find((c) => c.uuid !== null);
        choice.value = first
          ? { kind: 'existing', uuid: first.uuid!, name: first.name }
          : view.name
            ? { kind: 'new' }
            : { kind: 'none' };
        newName.value = view.customers[0]?.uuid === null ? view.customers[0].name : view.name;
        address.value = view.addresses[0] ?? '';
        description.value = view.description;
        state.value = 'ready';
      } catch (error) {
        problem.value = asProblem(error);
      }
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
      choice.value = { kind: 'existing', uuid: customer.uuid, name: customer.name };
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
      const customer: NewJobInput['customer'] =
        c.kind === 'existing' ? c : c.kind === 'new' ? { kind: 'new', name: newName.value } : { kind: 'none' };
      state.value = 'saving';
      problem.value = null;
      problemFrom.value = null;
      try {
        await sendMessage('newJob.create', { customer, address: address.value, description: description.value });
        state.value = 'saved';
      } catch (error) {
        problem.value = asProblem(error);
        state.value = 'ready';
      }
    },
  };
}

export type NewJobModel = ReturnType<typeof createNewJobModel>;
