import type { DayVisit, JobSummary, TimeOnSite } from '@/lib/messaging/views';
import { mapsUrl } from '@/lib/api/links';
import { Chip, StatusChip } from '../design/Chip';
import { ClockIcon } from '../icons/clock';
import { MapPinIcon } from '../icons/map-pin';
import { UserIcon } from '../icons/user';
import { onSiteText } from './format';
import { PhoneLink } from './PhoneLink';

// The pieces a visit and an other job of "My day" share: the job's status, the job button, where it
// is, whom to call, the time recorded on site, its badges. Platform data is rendered as text; links
// come only from lib/api/links.

/** The job's status and its writes still waiting, as chips. */
export function JobState({ job }: { job: JobSummary }) {
  return (
    <span class="job-state">
      {job.status && <StatusChip status={job.status} class="status" field="status" />}
      {job.pending > 0 && (
        <Chip tone="warning" class="pending">
          {job.pending} pending
        </Chip>
      )}
    </span>
  );
}

/** "Job 1234", the way into the job, and whose job it is. */
export function JobButton({ job, onOpen }: { job: JobSummary; onOpen: (uuid: string) => void }) {
  return (
    <div class="job-line">
      <button type="button" class="job-open" onClick={() => onOpen(job.uuid)}>
        Job {job.number}
      </button>
      {job.customer && (
        <span class="customer" data-field="customer">
          {job.customer}
        </span>
      )}
    </div>
  );
}

export function JobPlace({ job }: { job: JobSummary }) {
  if (!job.address) return null;
  const maps = mapsUrl(job.address);
  return (
    <div class="address detail-line">
      <MapPinIcon size={14} />
      {maps ? (
        <a href={maps} target="_blank" rel="noopener noreferrer" data-field="address">
          {job.address}
        </a>
      ) : (
        <span>{job.address}</span>
      )}
    </div>
  );
}

const ROLE = { site: 'Site contact', client: 'Client contact' } as const;

/** Whom to call: the job's on-site contact, else the client's, saying which it is, and their number
 * with the icon of its kind. */
export function ContactLine({ contact }: { contact: DayVisit['contact'] }) {
  if (!contact) return null;
  return (
    <div class="contact detail-line" data-contact-role={contact.role}>
      <UserIcon size={14} />
      <span>
        <span class="contact-role">{ROLE[contact.role]}:</span> <span data-field="contact-name">{contact.name}</span>{' '}
        {contact.phone && <PhoneLink phone={contact.phone} name={contact.name} field="phone" />}
      </span>
    </div>
  );
}

export function OnSite({ times, date }: { times: TimeOnSite[]; date: string }) {
  if (times.length === 0) return null;
  return (
    <div class="on-site detail-line" data-field="on-site">
      <ClockIcon size={14} />
      {onSiteText(times, date)}
    </div>
  );
}

export function Badges({ job }: { job: JobSummary }) {
  if (job.badges.length === 0) return null;
  return (
    <div class="badges">
      {job.badges.map((name, i) => (
        <Chip key={i} look="outline">
          {name}
        </Chip>
      ))}
    </div>
  );
}
