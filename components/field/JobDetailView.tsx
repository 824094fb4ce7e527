import type { JobDetail } from '@/lib/messaging/views';
import { mapsUrl } from '@/lib/api/links';
import { StatusChip } from '../design/Chip';
import { Notice } from '../design/Notice';
import { ArrowLeftIcon } from '../icons/arrow-left';
import { ExternalIcon } from '../icons/external';
import { OfflineIcon } from '../icons/offline';
import { AddNoteForm } from './AddNoteForm';
import { BadgeToggles } from './BadgeToggles';
import { ContactList } from './ContactList';
import { NoteList } from './NoteList';
import { safeHttpUrl } from './format';
import type { Feature } from '@/lib/messaging/session-view';
import { FEATURE_WORDS } from '../feature-words';

export interface JobDetailViewProps {
  detail: JobDetail;
  onBack: () => void;
  onAddNote: (text: string) => Promise<void>;
  onToggleBadge: (badgeUuid: string, on: boolean) => void;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
  onGrant: (feature: Feature) => void;
}

/** One job: its fields as text, contacts, badges, notes and the add-note box. */
export function JobDetailView(props: JobDetailViewProps) {
  const { detail } = props;
  const { job } = detail;
  const web = safeHttpUrl(detail.web.url);
  const maps = mapsUrl(job.address);
  const customer = detail.company?.name || job.customer;
  return (
    <article aria-labelledby="job-title" id="job" class="job" data-job-uuid={job.uuid}>
      <button type="button" class="back btn-ghost btn-sm" onClick={props.onBack}>
        <ArrowLeftIcon />
        Back to my day
      </button>
      <header class="job-head">
        <div class="job-title-line">
          <h2 id="job-title">Job {job.number}</h2>
          {job.status && <StatusChip status={job.status} />}
        </div>
        {customer && <p class="job-customer">{customer}</p>}
      </header>
      {detail.offline && (
        <Notice tone="warning" role="status" id="job-offline" icon={<OfflineIcon />}>
          {detail.keptBecause === 'platform'
            ? 'The platform is not answering just now — showing what Fieldside kept'
            : 'Offline — showing what Fieldside kept'}
        </Notice>
      )}
      <dl class="fields card">
        <div>
          <dt>Status</dt>
          <dd data-field="status">{job.status}</dd>
        </div>
        {job.date && (
          <div>
            <dt>Date</dt>
            <dd>{job.date}</dd>
          </div>
        )}
        <div>
          <dt>Customer</dt>
          <dd data-field="customer">{customer || '—'}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd data-field="address">
            {maps ? (
              <a href={maps} target="_blank" rel="noopener noreferrer">
                {job.address}
              </a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>Description</dt>
          <dd data-field="description" class="multiline">
            {job.description || '—'}
          </dd>
        </div>
        {job.workDone && (
          <div>
            <dt>Work done</dt>
            <dd class="multiline">{job.workDone}</dd>
          </div>
        )}
      </dl>
      {web && (
        <p>
          <a href={web} target="_blank" rel="noopener noreferrer" id="job-web-link" class="btn btn-block">
            {detail.web.deep ? 'Open the job in the web app' : `Open the web app (find job ${job.number} there)`}
            <ExternalIcon size={14} />
          </a>
        </p>
      )}
      {detail.contacts.length > 0 && <ContactList contacts={detail.contacts} />}
      <section aria-labelledby="badges-title" class="job-section">
        <h3 id="badges-title" class="eyebrow">
          Badges
        </h3>
        <BadgeToggles
          badges={detail.badges}
          canManage={detail.can.manageBadges}
          onToggle={props.onToggleBadge}
          onGrant={() => props.onGrant('badges')}
        />
      </section>
      <section aria-labelledby="notes-title" class="job-section">
        <h3 id="notes-title" class="eyebrow">
          Notes
        </h3>
        {detail.can.addNote && <AddNoteForm onAdd={props.onAddNote} />}
        {detail.offline && !detail.can.readNotes && detail.can.addNote ? (
          <p id="notes-unread" class="muted">
            Offline: this job’s notes could not be read. A note you add is kept and sent once the platform can be
            reached.
          </p>
        ) : (
          (!detail.can.readNotes || !detail.can.addNote) && (
            <Notice
              tone="info"
              id="notes-allow"
              actions={
                <button type="button" class="btn-primary btn-sm" onClick={() => props.onGrant('notes')}>
                  {FEATURE_WORDS.notes.allow}
                </button>
              }
            >
              {FEATURE_WORDS.notes.lacking}
            </Notice>
          )
        )}
        {/* Where the platform's notes were not read, "No notes yet" would be untrue: only the writes
            of this device (pending, failed) are listed then. */}
        <NoteList
          notes={detail.notes}
          complete={detail.can.readNotes}
          onRetry={props.onRetry}
          onDiscard={props.onDiscard}
        />
      </section>
    </article>
  );
}
