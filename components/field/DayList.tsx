import type { DayEntry, DayView } from '@/lib/messaging/views';
import { mapsUrl, telUrl } from '@/lib/api/links';
import { asOf, timeOf } from './format';

export interface DayListProps {
  day: DayView | null;
  loading: boolean;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onDate: (date: string) => void;
  onOpen: (jobUuid: string) => void;
}

/** "My day": the visits of one date, in time order, each a way into the job and to the place. */
export function DayList({ day, loading, onPrev, onNext, onToday, onDate, onOpen }: DayListProps) {
  return (
    <section aria-labelledby="day-title" id="day">
      <h2 id="day-title">{day?.staffName ? `${day.staffName}'s day` : 'My day'}</h2>
      <nav aria-label="Days" class="day-nav">
        <button type="button" onClick={onPrev}>Previous day</button>
        <label for="day-date">Day</label>
        <input
          id="day-date"
          type="date"
          value={day?.date ?? ''}
          onChange={(e) => {
            const value = (e.currentTarget as HTMLInputElement).value;
            if (value) onDate(value);
          }}
        />
        <button type="button" onClick={onNext}>Next day</button>
        <button type="button" onClick={onToday}>Today</button>
      </nav>
      {day?.offline && (
        <p role="status" class="offline" id="day-offline">
          Offline — as of {asOf(day.fetchedAt)}
        </p>
      )}
      {loading && !day && <p role="status">Loading…</p>}
      {day && day.entries.length === 0 && <p id="day-empty">No visits on this day.</p>}
      {day && day.entries.length > 0 && (
        <ol class="visits" aria-label={`Visits on ${day.date}`} aria-busy={loading}>
          {day.entries.map((entry) => (
            <Visit key={entry.activityUuid} entry={entry} onOpen={onOpen} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Visit({ entry, onOpen }: { entry: DayEntry; onOpen: (uuid: string) => void }) {
  const { job, contact } = entry;
  const maps = mapsUrl(job.address);
  const tel = telUrl(contact?.phone);
  const end = timeOf(entry.end);
  return (
    <li class="visit" data-job-uuid={job.uuid} data-activity-uuid={entry.activityUuid}>
      <div class="visit-head">
        <span class="time">{timeOf(entry.start)}{end ? `–${end}` : ''}</span>
        <button type="button" class="job-open" onClick={() => onOpen(job.uuid)}>
          Job {job.number}
        </button>
        <span class="status" data-field="status">{job.status}</span>
        {job.pending > 0 && <span class="pending">{job.pending} pending</span>}
      </div>
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
      {contact && (
        <div class="contact">
          <span>{contact.name}</span>{' '}
          {tel && contact.phone && (
            <a href={tel} data-field="phone" aria-label={`Call ${contact.name} on ${contact.phone}`}>
              {contact.phone}
            </a>
          )}
        </div>
      )}
      {job.badges.length > 0 && <div class="badges">{job.badges.join(' · ')}</div>}
    </li>
  );
}
