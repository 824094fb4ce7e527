import type { JobDetail, VisitCommand } from '@/lib/messaging/job-views';
import { mapsUrl } from '@/lib/api/links';
import { todayIn } from '@/lib/locale/days';
import { shortDay, timeSpan } from '@/lib/locale/words';
import { Chip, StatusChip } from '../design/Chip';
import { Notice } from '../design/Notice';
import { ArrowLeftIcon } from '../icons/arrow-left';
import { ExternalIcon } from '../icons/external';
import { OfflineIcon } from '../icons/offline';
import { AddNoteForm } from './AddNoteForm';
import { BadgeToggles } from './BadgeToggles';
import { ContactList } from './ContactList';
import { NoteList } from './NoteList';
import { AttachmentList } from './AttachmentList';
import { VisitActions } from './VisitActions';
import { safeHttpUrl } from './format';
import type { Feature } from '@/lib/messaging/session-view';
import { AllowNotice } from './AllowNotice';

export interface JobDetailViewProps {
  detail: JobDetail;
  /** What happened to the note just added (beside the note box), or null. */
  noteStatus: string | null;
  onBack: () => void;
  onAddNote: (text: string) => Promise<void>;
  onToggleBadge: (badgeUuid: string, on: boolean) => void;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
  onGrant: (feature: Feature) => void;
  onAct: (action: VisitCommand, text?: { message: string }) => void;
  onDeclineTexts: () => void;
  onAddFiles: (files: File[]) => void;
  /** How much of each file on its way has gone out. */
  progress: ReadonlyMap<string, { sent: number; total: number }>;
  /** What happened to the files just added. */
  fileStatus: string | null;
}

/** One job, each fact once: its number, status and customer at the top; where, what and when; its
 * visits and who it is given to; contacts, badges and notes. */
export function JobDetailView(props: JobDetailViewProps) {
  const { detail } = props;
  const { job } = detail;
  const web = safeHttpUrl(detail.web.url);
  const maps = mapsUrl(job.address);
  const customer = detail.company?.name || job.customer;
  const today = todayIn(detail.timeZone, Date.now());
  const visit = (
    <VisitActions
      // One job's choices (a text's words, the steps unfolded) are not another's.
      key={detail.job.uuid}
      visit={detail.visit}
      allowed={detail.can.recordVisits}
      onAct={props.onAct}
      onGrant={() => props.onGrant('visits')}
      textOffer={detail.textOffer}
      onGrantTexts={() => props.onGrant('texts')}
      onDeclineTexts={props.onDeclineTexts}
      onRetry={props.onRetry}
      onDiscard={props.onDiscard}
    />
  );
  return (
    <article aria-labelledby="job-title" id="job" class="job" data-job-uuid={job.uuid}>
      <button type="button" class="back btn-ghost btn-sm" onClick={props.onBack}>
        <ArrowLeftIcon />
        Back to my day
      </button>
      <header class="job-head">
        <div class="job-title-line">
          <h2 id="job-title">Job {job.number}</h2>
          {job.status && <StatusChip status={job.status} field="status" />}
          {job.pending > 0 && (
            <Chip tone="warning" class="pending">
              {job.pending} waiting to be sent
            </Chip>
          )}
        </div>
        <p class="job-customer" data-field="customer">
          {customer || 'No customer'}
        </p>
      </header>
      {detail.offline && (
        <Notice tone="warning" role="status" id="job-offline" icon={<OfflineIcon />}>
          {detail.keptBecause === 'platform'
            ? 'The platform is not answering just now — showing what Fieldside kept'
            : 'Offline — showing what Fieldside kept'}
        </Notice>
      )}
      {detail.visit.onJob && visit}
      <dl class="fields card">
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
          <dt>The job</dt>
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
        {job.date && shortDay(job.date, today) && (
          <div>
            <dt>Job date</dt>
            <dd data-field="date">{shortDay(job.date, today)}</dd>
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
      <Schedule detail={detail} today={today} />
      {/* Not on the job (the office on a customer's job): their visit is a press away, below what the job is. */}
      {!detail.visit.onJob && visit}
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
      <AttachmentList
        attachments={detail.attachments}
        allowed={detail.can.attach}
        timeZone={detail.timeZone}
        progress={props.progress}
        status={props.fileStatus}
        onAdd={props.onAddFiles}
        onGrant={() => props.onGrant('photos')}
        onRetry={props.onRetry}
        onDiscard={props.onDiscard}
      />
      <section aria-labelledby="notes-title" class="job-section">
        <h3 id="notes-title" class="eyebrow">
          Notes
        </h3>
        {detail.can.addNote && <AddNoteForm onAdd={props.onAddNote} status={props.noteStatus} />}
        {detail.offline && !detail.can.readNotes && detail.can.addNote ? (
          <p id="notes-unread" class="muted">
            Offline: this job’s notes could not be read. A note you add is kept and sent once the platform can be
            reached.
          </p>
        ) : (
          (!detail.can.readNotes || !detail.can.addNote) && (
            <AllowNotice feature="notes" id="notes-allow" onGrant={() => props.onGrant('notes')} />
          )
        )}
        {/* Where the platform's notes were not read, "No notes yet" would be untrue: only the writes
            of this device (pending, failed) are listed then. */}
        <NoteList
          notes={detail.notes}
          timeZone={detail.timeZone}
          complete={detail.can.readNotes}
          onRetry={props.onRetry}
          onDiscard={props.onDiscard}
        />
      </section>
    </article>
  );
}

/** When the job is done and by whom: its visits in time order, and whom it is given to without a time. */
function Schedule({ detail, today }: { detail: JobDetail; today: string }) {
  const { visits, allocatedTo } = detail;
  if (visits === null && allocatedTo === null) return null;
  const none = (visits?.length ?? 0) === 0 && (allocatedTo?.length ?? 0) === 0;
  return (
    <section aria-labelledby="schedule-title" class="job-section">
      <h3 id="schedule-title" class="eyebrow">
        Visits and who is on it
      </h3>
      {none ? (
        <p class="muted" id="schedule-none">
          No visit booked, and nobody is given this job yet.
        </p>
      ) : (
        <ul class="job-visits list-plain card">
          {(visits ?? []).map((v, i) => (
            <li key={i} class="job-visit" data-start={v.start} data-end={v.end ?? ''}>
              <span class="job-visit-when">
                <span class="job-visit-day">{shortDay(v.start, today)}</span>
                <span class="job-visit-time">{timeSpan(v.start, v.end)}</span>
              </span>
              <span class="job-visit-who">{v.staff ?? 'Someone not listed'}</span>
            </li>
          ))}
          {(allocatedTo ?? []).length > 0 && (
            <li class="job-allocated">
              <span class="job-visit-when">Given to, no set time</span>
              <span class="job-visit-who">{allocatedTo!.join(', ')}</span>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
