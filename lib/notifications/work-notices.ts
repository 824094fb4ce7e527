// What is worth telling the person, from a batch of the change feed and what this browser already knows (its
// cache, its kept day, the writes it sent): a job newly given to them, a visit of theirs moved or cancelled, a note
// on one of their jobs by someone else. Nothing here reads the platform: the feed's changes carry the job's record
// where the companion read it, and the rest is in the cache. Nothing is told of the person's own writes.
import type { FeedChange } from '../live-updates/types';

export type WorkNoticeKind = 'new-job' | 'visit-moved' | 'visit-gone' | 'note';

export interface WorkNotice {
  kind: WorkNoticeKind;
  jobUuid: string;
}

export interface NoticeFacts {
  /** Of the batch's jobs, those this browser held before it (its cache). */
  held: ReadonlyMap<string, unknown>;
  /** Their visits as this browser last read their day: visit uuid → job uuid. */
  myVisits: ReadonlyMap<string, string>;
  /** Their own jobs (today's and those with a visit of theirs ahead). */
  mine: ReadonlySet<string>;
  /** Records this browser wrote lately (notes, recorded time, files): the person's own doing. */
  own: ReadonlySet<string>;
}

/** The companion asked the platform, as this browser's staff member, and it shows them the job (or the visit's job):
 * for a technician, the job is allocated to them. A cancelled visit that was their only one makes it `none`. */
const seesIt = (change: FeedChange) => change.yours === 'record';

export function workNotices(changes: readonly FeedChange[], facts: NoticeFacts): WorkNotice[] {
  const out = new Map<string, WorkNotice>();
  const tell = (kind: WorkNoticeKind, jobUuid: string) => {
    // One per job and batch: the first reason is the one that matters most (a new job over its note).
    if (!out.has(jobUuid)) out.set(jobUuid, { kind, jobUuid });
  };
  for (const change of changes) {
    // The change's uuids are Uuids: ReadFeedChangeSchema lower-cased them as the feed's answer was read.
    const uuid = change.uuid;
    if (facts.own.has(uuid)) continue;
    const job = change.object === 'job' ? change.uuid : change.job_uuid;
    if (!job) continue;
    if (change.object === 'jobactivity') {
      const wasMine = facts.myVisits.has(uuid);
      const forMe = seesIt(change);
      if (wasMine) tell(forMe ? 'visit-moved' : 'visit-gone', job);
      else if (forMe && !facts.held.has(job)) tell('new-job', job);
    } else if (change.object === 'job') {
      if (seesIt(change) && !facts.held.has(job)) tell('new-job', job);
    } else if (change.object === 'note') {
      if (facts.mine.has(job)) tell('note', job);
    }
  }
  return [...out.values()];
}

/** Whether `hour` (0–23, the account's) is within the person's day: quiet outside it. */
export function withinDay(hour: number, day: { from: number; to: number }): boolean {
  return day.from < day.to ? hour >= day.from && hour < day.to : hour >= day.from || hour < day.to;
}
