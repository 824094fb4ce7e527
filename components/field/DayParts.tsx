import type { DayVisit, JobSummary, TimeOnSite } from '@/lib/messaging/views';
import { mapsUrl, telUrl } from '@/lib/api/links';
import { onSiteText } from './format';

// The pieces a visit and an other job of "My day" share: the job button, where it is, whom to call,
// the time recorded on site. Platform data is rendered as text; links come only from lib/api/links.

export function JobButton({ job, onOpen }: { job: JobSummary; onOpen: (uuid: string) => void }) {
  return (
    <>
      <button type="button" class="job-open" onClick={() => onOpen(job.uuid)}>
        Job {job.number}
      </button>
      {job.status && <span class="status" data-field="status">{job.status}</span>}
      {job.pending > 0 && <span class="pending">{job.pending} pending</span>}
    </>
  );
}

export function JobPlace({ job }: { job: JobSummary }) {
  const maps = mapsUrl(job.address);
  return (
    <>
      {job.customer && <div class="customer" data-field="customer">{job.customer}</div>}
      {job.address && (
        <div class="address">
          {maps ? (
            <a href={maps} target="_blank" rel="noopener noreferrer" data-field="address">
              {job.address}
            </a>
          ) : (
            job.address
          )}
        </div>
      )}
    </>
  );
}

const ROLE = { site: 'Site contact', client: 'Client contact' } as const;

/** Whom to call: the job's on-site contact, else the client's, saying which it is. */
export function ContactLine({ contact }: { contact: DayVisit['contact'] }) {
  if (!contact) return null;
  const tel = telUrl(contact.phone);
  return (
    <div class="contact" data-contact-role={contact.role}>
      <span class="contact-role">{ROLE[contact.role]}:</span> <span data-field="contact-name">{contact.name}</span>{' '}
      {tel && contact.phone && (
        <a href={tel} data-field="phone" aria-label={`Call ${contact.name} on ${contact.phone}`}>
          {contact.phone}
        </a>
      )}
    </div>
  );
}

export function OnSite({ times, date }: { times: TimeOnSite[]; date: string }) {
  if (times.length === 0) return null;
  return <div class="on-site" data-field="on-site">{onSiteText(times, date)}</div>;
}

export function Badges({ job }: { job: JobSummary }) {
  return job.badges.length > 0 ? <div class="badges">{job.badges.join(' · ')}</div> : null;
}
