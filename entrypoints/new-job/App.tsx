import type { Signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { Notice } from '@/components/design/Notice';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import type { NewJobModel } from './model';
import { Saved } from './Saved';

const FROM = { email: 'From an e-mail', selection: 'From the text you selected', popup: 'From the popup' } as const;
/** The platform's own word on the permission (its scope table: "account charges may apply"). */
const COST = 'The platform says creating jobs may cost the account: account charges may apply.';

/** Why a customer is offered, under their name (one found by the form's own search needs no word). */
const FOUND_BY = {
  email: 'Found by the e-mail address',
  phone: 'Found by a phone number in the text',
  chosen: 'Open in the search',
  search: '',
} as const;

/** "Find a customer": any of the account's customers by name, a person's name, a number or an e-mail; those found
 * are offered below it. */
function FindCustomer({ model }: { model: NewJobModel }) {
  const { answered, customers } = model.found.value;
  const typed = model.query.value.trim();
  const current = typed.length >= 2 && answered === model.query.value;
  const said = !current
    ? ''
    : customers.length === 0
      ? `No customer found for “${typed}”.`
      : `${customers.length === 1 ? 'One customer' : `${customers.length} customers`} found: choose below.`;
  return (
    <div class="field find-customer">
      <label class="field-label" for="find-customer">
        Find a customer
      </label>
      <input
        id="find-customer"
        type="search"
        autocomplete="off"
        placeholder="Name, phone or e-mail"
        aria-describedby="find-customer-state"
        value={model.query.value}
        onInput={(e) => void model.find(e.currentTarget.value)}
      />
      <p id="find-customer-state" class="hint quiet-when-empty" role="status">
        {said}
      </p>
    </div>
  );
}

/** A text field's value and typing, bound to one of the model's signals. */
const bound = (text: Signal<string>) => ({
  value: text.value,
  onInput: (e: { currentTarget: { value: string } }) => (text.value = e.currentTarget.value),
});

/** One answer to "Customer": a radio of the one group, checked when it is the model's choice. */
function CustomerChoice(props: { value: string; checked: boolean; onPick: () => void; children: ComponentChildren }) {
  return (
    <label class="choice">
      <input type="radio" name="customer" value={props.value} checked={props.checked} onChange={props.onPick} />
      {props.children}
    </label>
  );
}

/** Addresses offered for the field, one press each to take one (the one in the field is shown pressed). */
function AddressOffers(props: { model: NewJobModel; label: string; id: string; addresses: readonly string[] }) {
  if (props.addresses.length === 0) return null;
  const current = props.model.address.value;
  return (
    <div class="found">
      <span id={props.id}>{props.label}</span>
      {props.addresses.map((a) => (
        <button
          type="button"
          class="btn-sm"
          key={a}
          aria-describedby={props.id}
          aria-pressed={a === current}
          onClick={() => (props.model.address.value = a)}
        >
          {a}
        </button>
      ))}
    </div>
  );
}

/** The small confirm form of a new job: the customer (matched, new or none), the address found in the text,
 * the description; nothing reaches the platform before "Create job". */
export function App({ model }: { model: NewJobModel }) {
  const draft = model.draft.value;
  const state = model.state.value;
  const problem = model.problem.value;
  if (!draft)
    return (
      <>
        <h1>New job</h1>
        {problem ? <ProblemNotice problem={problem} tone="danger" /> : <p class="from">Reading the text…</p>}
      </>
    );
  if (state === 'saved') return <Saved model={model} />;
  const choice = model.choice.value;
  const busy = state !== 'ready';
  const needsCustomers = choice.kind === 'new' && !draft.canCreateCustomers;
  /** A new job for a new customer, neither allowed yet: one consent page asks for both. */
  const asksBoth = needsCustomers && !draft.canCreateJobs;
  /** What went wrong asking the platform for `feature`, beside its "Allow" button. */
  const problemBeside = (feature: 'newJobs' | 'newCustomers') =>
    problem &&
    model.problemFrom.value === feature && (
      <ProblemNotice problem={problem} tone="danger" id={`allow-problem-${feature}`} />
    );
  const choiceOf = (kind: 'new' | 'none', words: string) => (
    <CustomerChoice value={kind} checked={choice.kind === kind} onPick={() => model.choose(kind)}>
      <span>{words}</span>
    </CustomerChoice>
  );
  return (
    <form
      class="new-job-form"
      onSubmit={(e) => {
        e.preventDefault();
        void model.save();
      }}
    >
      <div>
        <h1>New job</h1>
        <p class="from">{FROM[draft.from]}</p>
      </div>
      {!draft.canCreateJobs && (
        <Notice
          tone="warning"
          id="create-jobs-permission"
          actions={
            <button
              type="button"
              class="btn-sm"
              id="allow-create-jobs"
              disabled={busy}
              onClick={() => void model.allow('newJobs', asksBoth ? ['newCustomers'] : [])}
            >
              {asksBoth ? 'Allow creating jobs and adding customers' : 'Allow creating jobs'}
            </button>
          }
        >
          <p>
            {asksBoth ? 'Fieldside may not create jobs or add customers yet.' : 'Fieldside may not create jobs yet.'}
          </p>
          <p class="cost">{COST}</p>
        </Notice>
      )}
      {problemBeside('newJobs')}
      <fieldset>
        <legend>Customer</legend>
        <FindCustomer model={model} />
        {model.offered.value.map((c) => (
          <CustomerChoice
            key={c.uuid}
            value={c.uuid!}
            checked={choice.kind === 'existing' && choice.uuid === c.uuid}
            onPick={() => model.pick(c)}
          >
            <span>
              {c.name}
              {(FOUND_BY[c.by] || c.who) && <small>{FOUND_BY[c.by] || c.who}</small>}
            </span>
          </CustomerChoice>
        ))}
        {choiceOf('new', 'New customer')}
        {choice.kind === 'new' && (
          <>
            <label class="field-label" for="new-customer-name">
              New customer’s name
            </label>
            <input id="new-customer-name" type="text" {...bound(model.newName)} />
            <div class="contact-fields">
              <div>
                <label class="field-label" for="new-customer-phone">
                  Their phone
                </label>
                <input id="new-customer-phone" type="tel" autocomplete="off" {...bound(model.newPhone)} />
              </div>
              <div>
                <label class="field-label" for="new-customer-email">
                  Their e-mail
                </label>
                <input id="new-customer-email" type="email" autocomplete="off" {...bound(model.newEmail)} />
              </div>
            </div>
            <p class="hint">Kept on the platform as the new customer’s contact.</p>
            {needsCustomers && !asksBoth && (
              <Notice
                tone="warning"
                actions={
                  <button type="button" class="btn-sm" disabled={busy} onClick={() => void model.allow('newCustomers')}>
                    Allow adding customers
                  </button>
                }
              >
                <p>Fieldside may not add customers yet.</p>
              </Notice>
            )}
            {problemBeside('newCustomers')}
          </>
        )}
        {choiceOf('none', 'No customer')}
      </fieldset>
      <div class="field">
        <label class="field-label" for="job-address">
          Address
        </label>
        <input id="job-address" type="text" {...bound(model.address)} />
        <AddressOffers model={model} label="Found in the text:" id="found-label" addresses={draft.addresses} />
        <AddressOffers
          model={model}
          label={choice.kind === 'existing' ? `${choice.name}’s addresses:` : ''}
          id="customer-addresses-label"
          addresses={
            choice.kind === 'existing' ? model.addresses.value.filter((a) => !draft.addresses.includes(a)) : []
          }
        />
      </div>
      <div class="field">
        <label class="field-label" for="job-description">
          Description
        </label>
        <textarea id="job-description" {...bound(model.description)} />
      </div>
      {problem && model.problemFrom.value === null && <ProblemNotice problem={problem} tone="danger" />}
      <div class="actions">
        <button
          type="submit"
          id="create-job"
          class="btn-primary btn-lg btn-block"
          disabled={busy || !draft.canCreateJobs || needsCustomers || model.description.value.trim() === ''}
        >
          {state === 'saving' ? 'Saving…' : 'Create job'}
        </button>
        {draft.canCreateJobs && (
          <p class="cost" id="create-cost">
            {COST}
          </p>
        )}
      </div>
    </form>
  );
}
