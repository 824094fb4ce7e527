// What a person did on one job today: the steps written here (kept at once, sent in order by the outbox) laid over
// the steps the platform already holds, which may have been taken elsewhere: with the job card's "Fieldside" action on
// their phone, in another browser. Without the platform's, the side panel would offer "On my way" to someone who said
// it an hour ago, and "Arrived" to someone on site, recording a second time on site beside the first.
import {
  onTheWaySaid,
  outranks,
  timeOnSiteToday,
  type ActivityFacts,
  type NoteFacts,
  type TimeOnSite,
} from '../../contracts/visit-on-platform';
import type { JobStatus } from '../api/schemas';

/** What a person did on one job on one day, as written here (or read from the platform, merged in). */
export interface VisitLog {
  /** Account-local `YYYY-MM-DD`: a log of another day is a visit that is over. */
  date: string;
  onTheWayAt: string | null;
  /** The "On my way" note's uuid (its outbox entry while it waits); null when it was written elsewhere. */
  onTheWayNote: string | null;
  /** The recorded activity's uuid (chosen here, or read from the platform): the time on site. */
  activityUuid: string | null;
  arrivedAt: string | null;
  leftAt: string | null;
  completedAt: string | null;
  /** The job's status before this person marked it complete: what "Undo" puts back. Absent in logs kept before. */
  statusBefore?: JobStatus | null;
  /** Whom "On my way" texted (its outbox entry while it waits); absent in logs kept before texts. */
  textedTo?: string | null;
}

export const visitLogKey = (jobUuid: string) => `visit:${jobUuid}`;

/** The person's visit of one day as the platform held it when the job was last read. */
export interface PlatformVisit {
  /** Account-local `YYYY-MM-DD` the reading was of. */
  date: string;
  onTheWayAt: string | null;
  timeOnSite: TimeOnSite | null;
}

export const platformVisitKey = (jobUuid: string) => `visit-platform:${jobUuid}`;

/** The person's visit of `today` off the job's notes and activities; what could not be read (null) says nothing. */
export function platformVisit(input: {
  notes: readonly NoteFacts[] | null;
  activities: readonly ActivityFacts[] | null;
  staff: string;
  jobUuid: string;
  today: string;
}): PlatformVisit {
  const { staff, jobUuid, today } = input;
  return {
    date: today,
    onTheWayAt: input.notes ? onTheWaySaid(input.notes, staff, today) : null,
    timeOnSite: input.activities ? timeOnSiteToday(input.activities, staff, jobUuid, today) : null,
  };
}

export function emptyLog(date: string): VisitLog {
  return {
    date,
    onTheWayAt: null,
    onTheWayNote: null,
    activityUuid: null,
    arrivedAt: null,
    leftAt: null,
    completedAt: null,
  };
}

/**
 * Today's log with the platform's steps laid under it. A step written here stands (it may still be on its way);
 * one the platform has and this log lacks is taken from it. Of two arrivals, the open one is the visit, else the later
 * (`outranks`): the platform's when they arrived again elsewhere after this log's, this log's own otherwise ("Arrived
 * again" here stays the visit before it is sent, also when a clock ahead wrote the first); for the same arrival, a
 * leaving either side knows of counts.
 */
export function withPlatformVisit(log: VisitLog | null, platform: PlatformVisit | null, today: string): VisitLog {
  const mine = log?.date === today ? { ...log } : emptyLog(today);
  if (platform?.date !== today) return mine;
  mine.onTheWayAt ??= platform.onTheWayAt;
  const there = platform.timeOnSite;
  if (!there) return mine;
  if (mine.activityUuid === there.activityUuid) mine.leftAt ??= there.leftAt;
  else if (
    mine.arrivedAt === null ||
    outranks(
      { start: there.arrivedAt, open: there.leftAt === null },
      { start: mine.arrivedAt, open: mine.leftAt === null },
    )
  )
    Object.assign(mine, { activityUuid: there.activityUuid, arrivedAt: there.arrivedAt, leftAt: there.leftAt });
  return mine;
}
