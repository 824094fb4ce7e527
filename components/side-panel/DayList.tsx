import type { DayJob, DayView, DayVisit } from '@/lib/messaging/views';
import { EmptyState } from '../design/EmptyState';
import { Loading } from '../design/Loading';
import { Notice } from '../design/Notice';
import { CalendarIcon } from '../icons/calendar';
import { ChevronLeftIcon } from '../icons/chevron-left';
import { ChevronRightIcon } from '../icons/chevron-right';
import { OfflineIcon } from '../icons/offline';
import { asOfTime, dayHeading, shortDay, timeSpan } from '@/lib/locale/words';
import { Badges, ContactLine, JobButton, JobPlace, JobState, OnSite } from './DayParts';

export interface DayListProps {
  day: DayView | null;
  /** The day shown is today in the account's time zone. */
  isToday: boolean;
  /** Today in the account's time zone, `YYYY-MM-DD`, when known. */
  today: string | null;
  loading: boolean;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onDate: (date: string) => void;
  onOpen: (jobUuid: string) => void;
}

/** "My day": the visits booked for one date in time order, then the jobs that are the person's that
 * day without a set time; each a way into the job and to the place. */
export function DayList({ day, isToday, today, loading, onPrev, onNext, onToday, onDate, onOpen }: DayListProps) {
  return (
    <section aria-labelledby="day-title" id="day" class="day">
      <div class="day-head">
        <p class="eyebrow" id="day-whose">
          {day?.staffName ? `${day.staffName}'s day` : 'My day'}
        </p>
        <h2 id="day-title">
          {day ? dayHeading(day.date, today ?? day.date) : 'Your day'}
          {isToday && <span class="day-today">Today</span>}
        </h2>
        <nav aria-label="Days" class="day-nav">
          <button type="button" class="btn-icon" aria-label="Previous day" title="Previous day" onClick={onPrev}>
            <ChevronLeftIcon />
          </button>
          <label for="day-date" class="visually-hidden">
            Day
          </label>
          <input
            id="day-date"
            type="date"
            value={day?.date ?? ''}
            onChange={(e) => {
              const value = (e.currentTarget as HTMLInputElement).value;
              if (value) onDate(value);
            }}
          />
          <button type="button" class="btn-icon" aria-label="Next day" title="Next day" onClick={onNext}>
            <ChevronRightIcon />
          </button>
          <button type="button" class="today" aria-current={isToday ? 'date' : undefined} onClick={onToday}>
            Today
          </button>
        </nav>
      </div>
      {day?.offline && (
        <Notice tone="warning" role="status" id="day-offline" icon={<OfflineIcon />}>
          {day.keptBecause === 'platform'
            ? 'The platform is not answering just now — your day as of '
            : 'Offline — as of '}
          {day.fetchedAt === null
            ? 'never: it was not read online yet'
            : asOfTime(day.fetchedAt, day.timeZone ?? null, Date.now())}
        </Notice>
      )}
      {loading && !day && <Loading>Loading your day…</Loading>}
      {day && (
        <>
          <h3 id="visits-title" class="eyebrow">
            Visits{day.visits.length > 0 ? ` · ${day.visits.length}` : ''}
          </h3>
          {day.visits.length === 0 ? (
            <EmptyState id="day-empty" icon={<CalendarIcon size={20} />} title="No visits on this day.">
              {day.otherJobs.length > 0
                ? 'Your jobs without a set time are below.'
                : 'Nothing is booked for you. Pick another day above.'}
            </EmptyState>
          ) : (
            <ol class="visits list-plain" aria-labelledby="visits-title" aria-busy={loading}>
              {day.visits.map((visit) => (
                <Visit key={visit.activityUuid} visit={visit} date={day.date} onOpen={onOpen} />
              ))}
            </ol>
          )}
          {day.otherJobs.length > 0 && (
            <>
              <h3 id="other-jobs-title" class="eyebrow">
                {isToday ? 'Also yours today' : 'Also yours that day'}
              </h3>
              <p class="hint" id="other-jobs-hint">
                {otherJobsHint(day.otherJobs)}
              </p>
              <ul
                class="other-jobs list-plain"
                aria-labelledby="other-jobs-title"
                aria-describedby="other-jobs-hint"
                aria-busy={loading}
              >
                {day.otherJobs.map((job) => (
                  <OtherJob key={job.job.uuid} item={job} date={day.date} onOpen={onOpen} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** What the other jobs are, in the words of the ones listed. */
function otherJobsHint(jobs: DayJob[]): string {
  const allocated = jobs.some((j) => j.allocation);
  const recorded = jobs.some((j) => !j.allocation);
  if (allocated && recorded)
    return 'Jobs given to you with no set time, and jobs you were on site for without a visit.';
  return allocated ? 'Jobs given to you with no set time.' : 'Jobs you were on site for without a visit.';
}

/** Under a visit's or another job's head alike: the job, its place, whom to call, time on site, badges. */
function JobLines({ entry, date, onOpen }: { entry: DayVisit | DayJob; date: string; onOpen: (uuid: string) => void }) {
  return (
    <>
      <JobButton job={entry.job} onOpen={onOpen} />
      <JobPlace job={entry.job} />
      <ContactLine contact={entry.contact} />
      <OnSite times={entry.onSite} date={date} />
      <Badges job={entry.job} />
    </>
  );
}

function Visit({ visit, date, onOpen }: { visit: DayVisit; date: string; onOpen: (uuid: string) => void }) {
  return (
    <li class="visit card" data-job-uuid={visit.job.uuid} data-activity-uuid={visit.activityUuid}>
      <div class="visit-head">
        <span class="time">{timeSpan(visit.start, visit.end)}</span>
        <JobState job={visit.job} />
      </div>
      <JobLines entry={visit} date={date} onOpen={onOpen} />
    </li>
  );
}

function OtherJob({ item, date, onOpen }: { item: DayJob; date: string; onOpen: (uuid: string) => void }) {
  const since = item.allocation?.from && item.allocation.from < date ? item.allocation.from : null;
  return (
    <li class="other-job card" data-job-uuid={item.job.uuid} data-allocation-uuid={item.allocation?.uuid}>
      <div class="visit-head">
        <span class="time untimed">{item.allocation ? 'No set time' : 'No visit booked'}</span>
        {since && <span class="since">Yours since {shortDay(since, date)}</span>}
        <JobState job={item.job} />
      </div>
      <JobLines entry={item} date={date} onOpen={onOpen} />
    </li>
  );
}
