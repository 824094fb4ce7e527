import type { JobDetail } from '@/lib/messaging/views';
import { mapsUrl, telUrl } from '@/lib/api/links';
import { AddNoteForm } from './AddNoteForm';
import { BadgeToggles } from './BadgeToggles';
import { NoteList } from './NoteList';
import { safeHttpUrl } from './format';
import type { Feature } from '@/lib/messaging/session-view';

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
  return (
    <article aria-labelledby="job-title" id="job" data-job-uuid={job.uuid}>
      <button type="button" class="back" onClick={props.onBack}>Back to my day</button>
      <h2 id="job-title">Job {job.number}</h2>
      {detail.offline && <p role="status" class="offline" id="job-offline">Offline — showing what Fieldside kept</p>}
      <dl class="fields">
        <dt>Status</dt>
        <dd data-field="status">{job.status}</dd>
        {job.date && (<><dt>Date</dt><dd>{job.date}</dd></>)}
        <dt>Customer</dt>
        <dd data-field="customer">{detail.company?.name || job.customer || '—'}</dd>
        <dt>Address</dt>
        <dd data-field="address">{maps ? <a href={maps} target="_blank" rel="noopener noreferrer">{job.address}</a> : '—'}</dd>
        <dt>Description</dt>
        <dd data-field="description" class="multiline">{job.description || '—'}</dd>
        {job.workDone && (<><dt>Work done</dt><dd class="multiline">{job.workDone}</dd></>)}
      </dl>
      {web && (
        <p>
          <a href={web} target="_blank" rel="noopener noreferrer" id="job-web-link">
            {detail.web.deep ? 'Open the job in the web app' : `Open the web app (find job ${job.number} there)`}
          </a>
        </p>
      )}
      {detail.contacts.length > 0 && (
        <section aria-labelledby="contacts-title">
          <h3 id="contacts-title">Contacts</h3>
          <ul class="contacts">
            {detail.contacts.map((c, i) => (
              <li key={i} data-contact-role={c.role}>
                <span class="contact-role">{c.role === 'site' ? 'Site contact' : 'Client contact'}:</span> <span>{c.name}</span>
                {[c.mobile, c.phone].map((p) => {
                  const tel = telUrl(p);
                  return tel && p ? <> <a href={tel} aria-label={`Call ${c.name} on ${p}`}>{p}</a></> : null;
                })}
                {c.email && <> <span>{c.email}</span></>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="badges-title">
        <h3 id="badges-title">Badges</h3>
        <BadgeToggles
          badges={detail.badges}
          canManage={detail.can.manageBadges}
          onToggle={props.onToggleBadge}
          onGrant={() => props.onGrant('badges')}
        />
      </section>
      <section aria-labelledby="notes-title">
        <h3 id="notes-title">Notes</h3>
        {detail.can.addNote ? (
          <AddNoteForm onAdd={props.onAddNote} />
        ) : (
          <button type="button" onClick={() => props.onGrant('notes')}>Allow reading and adding notes</button>
        )}
        <NoteList notes={detail.notes} onRetry={props.onRetry} onDiscard={props.onDiscard} />
      </section>
    </article>
  );
}
