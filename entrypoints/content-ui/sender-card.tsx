import { useEffect, useState } from 'preact/hooks';
import type { SenderCard as Card } from '@/lib/messaging/new-job-views';
import type { OpenEmail } from '@/lib/page-badges/webmail-scan';
import type { Send } from './model';

// The card above an open e-mail: the sender's customer (by the e-mail address, else a phone number in the
// message) and their open jobs, each with "Open", and "New job from this e-mail". Platform data as text only.

const PHONE = /\+?\d[\d ()-]{6,18}\d/g;

type Shown = { kind: 'loading' } | { kind: 'card'; card: Card } | { kind: 'problem'; words: string };

export function SenderCardView({ email, send }: { email: OpenEmail; send: Send }) {
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [note, setNote] = useState('');
  useEffect(() => {
    const phones = [...new Set(email.text.match(PHONE) ?? [])]
      .filter((p) => p.replace(/\D/g, '').length >= 8)
      .slice(0, 3);
    send('content.sender', { emails: [email.sender.email], phones }).then(
      (card) => setShown({ kind: 'card', card }),
      () => setShown({ kind: 'problem', words: 'Fieldside could not look up this sender.' }),
    );
  }, [email, send]);

  const newJob = () => {
    setNote('Opening the new job…');
    send('content.newJob', { subject: email.subject, text: email.text, sender: email.sender }).then(
      () => setNote(''),
      () => setNote('Fieldside could not open the new job. Try again.'),
    );
  };

  const card = shown.kind === 'card' ? shown.card : null;
  return (
    <section class="sender-card" aria-label="Fieldside: this sender">
      <header class="sender-head">
        <span class="sender-brand">Fieldside</span>
        {shown.kind === 'loading' && <span class="sender-muted">Looking up the sender…</span>}
        {shown.kind === 'problem' && <span class="sender-muted">{shown.words}</span>}
        {card && !card.signedIn && <span class="sender-muted">Sign in to Fieldside to see this sender’s jobs.</span>}
        {card?.signedIn && !card.customer && <span class="sender-muted">No customer with this e-mail or number.</span>}
        {card?.customer && (
          <span class="sender-customer" data-customer={card.customer.name}>
            {card.customer.name}
            {card.customer.note && <span class="sender-muted"> · {card.customer.note}</span>}
          </span>
        )}
      </header>
      {card?.customer && (
        <ul class="sender-jobs" aria-label="Open jobs">
          {card.jobs.length === 0 && <li class="sender-muted">No open jobs.</li>}
          {card.jobs.map((job) => (
            <li key={job.uuid} class="sender-job" data-job-uuid={job.uuid}>
              <span class="sender-number">#{job.number}</span>
              <span class="sender-status">{job.status}</span>
              <span class="sender-line">{job.line}</span>
              <button
                type="button"
                class="sender-open"
                onClick={() => void send('content.openJob', { jobUuid: job.uuid })}
              >
                Open
              </button>
            </li>
          ))}
        </ul>
      )}
      {card?.signedIn && (
        <div class="sender-actions">
          <button type="button" class="sender-new-job" onClick={newJob}>
            New job from this e-mail
          </button>
          {note && (
            <span class="sender-muted" role="status">
              {note}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
