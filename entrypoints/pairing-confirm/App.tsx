import { BrandMark } from '@/components/design/Brand';
import { Loading } from '@/components/design/Loading';
import { Notice } from '@/components/design/Notice';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import { AlertIcon } from '@/components/icons/alert';
import { CheckIcon } from '@/components/icons/check';
import { InfoIcon } from '@/components/icons/info';
import type { PairingQuestion } from '@/lib/messaging/session-view';
import type { PairingConfirmModel } from './model';

const AGAIN = 'open any job in the platform, choose Fieldside, then “Use Fieldside in this browser”.';

/** "Work as <name> in this browser?": asked on Fieldside's own page before a link from a job card changes who this
 * browser works as. Nothing is chosen for the person: neither answer has the focus. */
export function App({ model }: { model: PairingConfirmModel }) {
  const state = model.state.value;
  return (
    <main class="pairing-confirm" aria-busy={state.kind === 'loading' || model.busy.value}>
      <header class="pairing-head">
        <BrandMark size={28} />
        <span class="pairing-brand">Fieldside</span>
      </header>
      {model.error.value && <ProblemNotice id="error" problem={model.error.value} />}
      {state.kind === 'loading' && <Loading>Loading…</Loading>}
      {state.kind === 'asking' && <Question question={state.question} model={model} />}
      {state.kind === 'answered' && state.outcome === 'confirmed' && (
        <Notice tone="success" role="status" id="pairing-done" icon={<CheckIcon />}>
          <p class="notice-title">Fieldside in this browser now works as {state.staffName}.</p>
          <p>The platform said so, and you confirmed it. You can close this tab.</p>
        </Notice>
      )}
      {state.kind === 'answered' && state.outcome === 'declined' && (
        <Notice role="status" id="pairing-done" icon={<InfoIcon />}>
          <p class="notice-title">Nothing changed.</p>
          <p>
            {state.before
              ? `Fieldside in this browser still works as ${state.before}.`
              : 'Fieldside in this browser still does not know who you are.'}{' '}
            You can close this tab.
          </p>
        </Notice>
      )}
      {state.kind === 'none' && !model.error.value && (
        <Notice role="status" id="pairing-none" icon={<InfoIcon />}>
          <p class="notice-title">Nothing is waiting for an answer here.</p>
          <p>To let the platform say who you are in this browser, {AGAIN}</p>
        </Notice>
      )}
    </main>
  );
}

function Question({ question, model }: { question: PairingQuestion; model: PairingConfirmModel }) {
  const { staff, now, accountName } = question;
  const busy = model.busy.value;
  const someoneElse = now !== null && now.name !== staff.name;
  return (
    <section class="card pairing-question" aria-labelledby="pairing-title" data-staff-uuid={staff.uuid}>
      <h1 id="pairing-title">Work as {staff.name} in this browser?</h1>
      <p>
        The platform says <strong id="pairing-name">{staff.name}</strong>
        {staff.role ? ` (${staff.role})` : ''} of {accountName} chose “Use Fieldside in this browser” on a job card a
        moment ago.
      </p>
      <p>
        If that is you, Fieldside in this browser works as {staff.name}: it shows what they may see, and notes are
        written as them. Signing in again keeps it; signing out ends it.
      </p>
      {someoneElse ? (
        <Notice tone="warning" role="note" id="pairing-now" icon={<AlertIcon />}>
          Fieldside in this browser works as <strong>{now.name}</strong> now. If you are not {staff.name}, or someone
          sent you this link, choose “No”: nothing changes.
        </Notice>
      ) : (
        now && (
          <p class="muted" id="pairing-now">
            Fieldside already works as {now.name} here
            {now.fromPlatform
              ? ', as the platform said.'
              : ', because you chose that name. “Yes” lets the platform say so.'}
          </p>
        )
      )}
      <div class="pairing-actions">
        <button
          type="button"
          id="pairing-yes"
          class="btn-primary btn-lg"
          disabled={busy}
          onClick={(e) => void model.answer(true, e)}
        >
          Yes, I am {staff.name}
        </button>
        <button
          type="button"
          id="pairing-no"
          class="btn-lg"
          disabled={busy}
          onClick={(e) => void model.answer(false, e)}
        >
          No
        </button>
      </div>
    </section>
  );
}
